import ScreenKit
import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `Demo pick` beside fzf, both measured from outside on a pty as a shell runs them: path-like
/// lines on standard input (a file), the picker drawn on the terminal under the cursor (fzf's
/// `--height 40%` of 24 rows, the demo's `--height 9`), then "swift" typed a key at a time.
///
/// For each program, in interleaved runs: the time from spawn until every line is counted
/// (the last frame before the output goes quiet, the count shown whole), each key's time to
/// its settled frame (the last byte the program writes for it before going quiet), and peak
/// RSS; and the memory a kept line costs: the peak with the lines, less the peak with none,
/// over the line count. Both programs ask the terminal where the cursor is; the scenario
/// answers as a terminal does.
final class PickScenario: Scenario {
  let name = "pick"
  private(set) var comparisonTables: [ComparisonTable] = []

  /// A picker to run: its label, executable and arguments.
  private struct Picker {
    var label: String
    var path: String
    var arguments: [String]
  }

  /// What one run saw; `nil` where it could not tell.
  private struct Run {
    var counted: Double?
    var keys: [Double?] = []
    var peakRSS: Double?
    /// The peak less the peak with no lines, over the lines.
    var perLine: Double?
  }

  /// Output must stop this long for a frame to count as settled.
  private static let quiet = Duration.milliseconds(400)
  private static let query = Array("swift")

  func run(_ settings: RunSettings) async -> [Figure] {
    let demo = ChildProcess.productsDirectory + "/Demo"
    guard access(demo, X_OK) == 0 else {
      let reason = "\(demo) is not built (swift build -c release builds it)"
      return [.notMeasured(name, "measured from outside", unit: "", reason: reason)]
    }
    var pickers = [Picker(label: "Demo pick", path: demo, arguments: ["pick", "--height", "9"])]
    var figures: [Figure] = []
    if let fzf = Self.locate("fzf") {
      pickers.append(Picker(label: "fzf", path: fzf, arguments: ["--height", "40%"]))
    } else {
      log("   fzf skipped: not installed (Debian's fzf package)")
      figures.append(
        .notMeasured(name, "fzf", unit: "", reason: "fzf is not installed (apt-get install fzf)"))
    }
    let rounds = settings.count(full: 3, quick: 1)
    var baseline: [String: Double] = [:]
    for picker in pickers {
      baseline[picker.label] = measure(picker, input: "/dev/null", lineCount: 0).peakRSS
    }
    for count in settings.quick ? [10_000] : [1_000_000, 100_000] {
      let path = "/tmp/screenkit-pick-\(getpid())-\(count).txt"
      let bytes = Self.writeInput(lineCount: count, to: path)
      defer { unlink(path) }
      var runs: [String: [Run]] = [:]
      for _ in 0..<rounds {
        for picker in pickers {
          var run = measure(picker, input: path, lineCount: count)
          if let peak = run.peakRSS, let empty = baseline[picker.label] {
            run.perLine = (peak - empty) / Double(count)
          }
          runs[picker.label, default: []].append(run)
        }
      }
      var table = ComparisonTable(
        title:
          "pick, \(count) lines (\(format(Double(bytes) / 1_048_576)) MiB) on an 80x24 pty, "
          + "medians of \(rounds) interleaved runs",
        columns: pickers.map(\.label))
      table.referenceName = "fzf"
      // The goals: no worse than fzf; at 100,000 lines, each key within a frame.
      let settle = count <= 100_000 ? "≤ 16" : "≤ 1x fzf"
      func row(_ name: String, _ unit: String, target: String = "", _ value: (Run) -> Double?) {
        var samples: [Samples] = []
        for picker in pickers {
          var values = Samples()
          for run in runs[picker.label] ?? [] {
            if let measured = value(run) { values.add(measured) }
          }
          samples.append(values)
        }
        table.rows.append(
          ComparisonTable.Row(
            name: name, unit: unit, target: target, samples: samples, showsP90: false))
      }
      row("spawn → all lines counted", "ms", target: "≤ 1x fzf") { $0.counted }
      for (index, key) in Self.query.enumerated() {
        let typed = String(Self.query[...index])
        row("\"\(typed)\" settled after its key (\(key))", "ms", target: settle) {
          $0.keys.indices.contains(index) ? $0.keys[index] : nil
        }
      }
      row("peak RSS (VmHWM before quitting)", "MiB", target: "≤ 1x fzf") {
        $0.peakRSS.map { $0 / 1_048_576 }
      }
      row("memory a kept line costs (peak less the peak with no lines)", "B") { $0.perLine }
      comparisonTables.append(table)
      figures += table.figures(of: name, size: "\(count) lines")
    }
    return figures
  }

  /// Runs `picker` on `input`, types the query and quits; what it saw.
  private func measure(_ picker: Picker, input: String, lineCount: Int) -> Run {
    var run = Run()
    let terminal: PseudoTerminal
    let job: TerminalJob
    let spawned = Clocks.monotonic()
    do {
      terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      job = try TerminalJob(
        executable: "/bin/sh",
        arguments: ["-c", "exec \"$0\" \"$@\" < \(input) > /dev/null 2> /dev/tty", picker.path]
          + picker.arguments,
        environment: [
          "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": "/tmp",
        ],
        terminal: terminal, by: Deadline(after: .seconds(10)))
    } catch {
      log("   \(picker.label): \(error)")
      return run
    }
    var answered = 0
    let counted = waitForQuiet(
      job, terminal, since: spawned, seen: 0, awaitsOutput: true, answered: &answered)
    // NB: the count is checked loosely: a frame that changes a few digits writes only those.
    if let counted, lineCount == 0 || terminal.output.contains(Array("\(lineCount)".utf8)) {
      run.counted = (counted - spawned).milliseconds
    } else {
      log("   \(picker.label): \(lineCount) lines were never counted")
    }
    for key in Self.query {
      let before = terminal.output.count
      let typed = Clocks.monotonic()
      do {
        try terminal.write(Array(String(key).utf8), by: Deadline(after: .seconds(5)))
      } catch {
        break
      }
      let settled = waitForQuiet(job, terminal, since: typed, seen: before, answered: &answered)
      run.keys.append(settled.map { ($0 - typed).milliseconds })
    }
    run.peakRSS = ProcFiles.read("/proc/\(job.pid)/status")
      .flatMap { ProcFiles.field("VmHWM", in: $0) }.map { Double($0 * 1024) }
    try? terminal.write([0x1B], by: Deadline(after: .seconds(2)))
    if job.waitForEnding(by: Deadline(after: .seconds(5))) == nil {
      log("   \(picker.label): did not end on Esc")
      job.kill()
    }
    _ = job.end(by: Deadline(after: .seconds(5)))
    return run
  }

  /// Reads the program's output until it has been quiet for ``quiet``, answering cursor
  /// position requests at once (fzf waits for the answer a short while only); returns when
  /// the last byte after the first `seen` came, or `nil` when none came.
  private func waitForQuiet(
    _ job: TerminalJob, _ terminal: PseudoTerminal, since: Duration, seen: Int,
    awaitsOutput: Bool = false, answered: inout Int
  ) -> Duration? {
    var seen = seen
    var last: Duration?
    var answers = answered
    job.wait(until: Deadline(after: .seconds(60))) { _ in
      let now = Clocks.monotonic()
      if terminal.output.count != seen {
        seen = terminal.output.count
        last = now
        let requests = Self.count([0x1B, 0x5B, 0x36, 0x6E], in: terminal.output)
        while answers < requests {
          // NB: the top row: room below for the region, as a fresh terminal has.
          try? terminal.write(Array("\u{1B}[1;1R".utf8), by: Deadline(after: .seconds(1)))
          answers += 1
        }
      }
      // NB: a program may think a while before its first byte (fzf does): quiet counts from
      // the first byte when one is awaited.
      if awaitsOutput, last == nil { return job.ending != nil }
      return now - (last ?? since) >= Self.quiet || job.ending != nil
    }
    answered = answers
    return last
  }

  private static func count(_ needle: [UInt8], in haystack: [UInt8]) -> Int {
    guard haystack.count >= needle.count else { return 0 }
    var found = 0
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle {
        found += 1
        index += needle.count
      } else {
        index += 1
      }
    }
    return found
  }

  /// Writes `lineCount` path-like lines to `path`; returns their bytes.
  private static func writeInput(lineCount: Int, to path: String) -> Int {
    let text = FuzzyMatchScenario.lines(count: lineCount).joined(separator: "\n") + "\n"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeMutableBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      guard count > 0 else { break }
      written += count
    }
    return written
  }

  /// The path of `program` in the usual directories, if it is installed.
  private static func locate(_ program: String) -> String? {
    ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(program)" }
      .first { access($0, X_OK) == 0 }
  }
}
