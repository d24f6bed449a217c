import ScreenKit
import ScreenKitMatching
import ScreenKitSimulation

/// `FuzzyMatcher` over path-like lines (about 38 bytes each, as the fzf measurement
/// used), one thread: the time to score every line for each prefix of "swift" as it is typed,
/// and how many lines match.
///
/// The matcher alone, in the process: the picker built on it is measured from outside beside
/// fzf. Figures are the thread's CPU time, which a busy machine disturbs less than wall time.
struct FuzzyMatchScenario: Scenario {
  let name = "fuzzy"

  func run(_ settings: RunSettings) async -> [Figure] {
    let counts = settings.quick ? [10_000] : [100_000, 1_000_000]
    var figures: [Figure] = []
    for count in counts {
      let lines = Self.lines(count: count)
      let bytes = lines.reduce(0) { $0 + $1.utf8.count }
      for length in 1...5 {
        let query = String("swift".prefix(length))
        var matcher = FuzzyMatcher(FuzzyPattern(query))
        var matched = 0
        let start = Clocks.threadCPU()
        for line in lines where matcher.score(line) != nil { matched += 1 }
        let time = Clocks.threadCPU() - start
        figures.append(
          Figure(
            name, "score \(count) lines for \"\(query)\"", value: time.milliseconds, unit: "ms",
            note: "\(matched) match; \(bytes / count) bytes a line; one thread"))
      }
    }
    figures += await rankings(settings)
    return figures
  }

  /// `FuzzyRanker` as the picker runs it: the lines in 64 KiB chunks, each prefix of "swift"
  /// ranked from the last one's ranking (typing narrows), on one thread and on every core;
  /// wall time, as the picker waits for it.
  private func rankings(_ settings: RunSettings) async -> [Figure] {
    var figures: [Figure] = []
    for count in settings.quick ? [10_000] : [100_000, 1_000_000] {
      var splitter = LineSplitter()
      var chunks: [LineChunk] = []
      for line in Self.lines(count: count) {
        splitter.append(Array(line.utf8) + [UInt8(ascii: "\n")])
        if splitter.pendingByteCount >= 1 << 16, let chunk = splitter.takeChunk() {
          chunks.append(chunk)
        }
      }
      if let chunk = splitter.finish() { chunks.append(chunk) }
      for workers in [1, Machine.current().cores] {
        var previous: FuzzyRanking?
        for length in 1...5 {
          let query = String("swift".prefix(length))
          let start = Clocks.monotonic()
          previous = await FuzzyRanker.rank(
            FuzzyPattern(query), in: chunks, after: previous, limit: 256, workers: workers)
          let time = Clocks.monotonic() - start
          figures.append(
            Figure(
              name, "rank \(count) lines for \"\(query)\", \(workers) workers",
              value: time.milliseconds, unit: "ms",
              note: "\(previous?.matchCount ?? 0) match; narrowed from the last query"))
        }
      }
    }
    return figures
  }

  /// `count` path-like lines, the same every run.
  static func lines(count: Int) -> [String] {
    let words = [
      "Sources", "Tests", "swift", "screen", "kit", "loading", "controller", "stage", "main",
      "docs", "build", "lib", "include", "src", "app", "model", "view", "util", "net", "io",
      "terminal", "render", "cache", "queue", "frame", "input", "layout", "focus",
    ]
    let extensions = [".swift", ".c", ".h", ".md", ".json", ".txt", ".py", ".go"]
    var random = SeededRandom(seed: 24)
    return (0..<count).map { _ in
      let depth = Int.random(in: 3...8, using: &random)
      let parts = (0..<depth).map { _ in words.randomElement(using: &random) ?? "x" }
      return parts.joined(separator: "/") + (extensions.randomElement(using: &random) ?? "")
    }
  }
}
