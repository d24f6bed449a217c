/// Ranks lines against a ``FuzzyPattern`` off the caller's thread, across cores, doing only
/// the work a change needs: what a picker runs for each key typed and for each chunk of
/// lines that arrives.
///
/// Given the ranking it made before over the same chunks (more may have been added since),
/// ``rank(_:in:after:limit:workers:)`` looks again only at what can have changed:
/// - the same pattern: only the chunks added since;
/// - a pattern that narrows the last one (its query holds the last one's in order, as when a
///   letter is typed): only the lines the last one matched, and the chunks added since;
/// - anything else (a letter deleted): every line.
///
/// Lines are split between `workers` tasks; each keeps its best `limit` lines in a heap, so a
/// million matches are never sorted. The work stops at the next chunk when its task is
/// cancelled, as when the next key is typed: the result is then `nil`.
///
/// ```swift
/// let chunk = LineChunk(lines: ["Sources/Stage.swift", "README.md"].map(\.utf8))
/// let ranking = await FuzzyRanker.rank(FuzzyPattern("st"), in: [chunk], limit: 10, workers: 2)
/// // ranking?.matchCount == 1, ranking?.top.first?.line == 0
/// ```
public enum FuzzyRanker {
  /// Ranks the lines of `chunks` that match `pattern`, keeping the best `limit`; `nil` when the
  /// task was cancelled first.
  ///
  /// `previous`, when given, must be a ranking of the first of these same chunks (lines only
  /// ever added after them), and its work is reused as the type's documentation says.
  /// `workers` is how many tasks share the lines: the processors the program may use
  /// (`sysconf(_SC_NPROCESSORS_ONLN)` on Linux); ScreenKit itself reads no system setting.
  public static func rank(
    _ pattern: FuzzyPattern, in chunks: [LineChunk], after previous: FuzzyRanking? = nil,
    limit: Int, workers: Int
  ) async -> FuzzyRanking? {
    let limit = max(0, limit)
    let reusable = previous.flatMap { $0.chunkCount <= chunks.count ? $0 : nil }
    let lineCount = chunks.reduce(0) { $0 + $1.count }
    if pattern.isEmpty {
      return everyLine(of: chunks, pattern: pattern, lineCount: lineCount, limit: limit)
    }
    // What to look at in each chunk: all its lines (nil), or those a wider pattern matched.
    var plan: [(chunk: Int, lines: [UInt32]?)] = []
    var kept: FuzzyRanking?
    if let reusable, reusable.pattern == pattern, reusable.limit >= limit {
      kept = reusable
      plan = (reusable.chunkCount..<chunks.count).map { ($0, nil) }
    } else if let reusable, pattern.narrows(reusable.pattern) {
      plan = reusable.matches.enumerated().map { ($0.offset, $0.element) }
      plan += (reusable.chunkCount..<chunks.count).map { ($0, nil) }
    } else {
      plan = chunks.indices.map { ($0, nil) }
    }
    let parts = split(plan, chunks: chunks, into: max(1, workers))
    let results = await withTaskGroup(of: Part?.self) { group in
      for part in parts {
        group.addTask { scan(part, of: chunks, pattern: pattern, limit: limit) }
      }
      var results: [Part] = []
      for await result in group {
        guard let result else {
          group.cancelAll()
          return [Part]?.none
        }
        results.append(result)
      }
      return results
    }
    guard let results, !Task.isCancelled else { return nil }
    var matches = kept?.matches ?? []
    matches += Array(repeating: [], count: chunks.count - matches.count)
    var matchCount = kept?.matchCount ?? 0
    var top = kept.map { Array($0.top.prefix(limit)) } ?? []
    for part in results {
      for (chunk, lines) in part.matches {
        matches[chunk] = lines
        matchCount += lines.count
      }
      top += part.top
    }
    top.sort { $0.ranks(before: $1) }
    if top.count > limit { top.removeLast(top.count - limit) }
    return FuzzyRanking(
      pattern: pattern, limit: limit, chunkCount: chunks.count, lineCount: lineCount,
      matchCount: matchCount, top: top, matches: matches)
  }

  /// The empty query's ranking: every line, in order.
  private static func everyLine(
    of chunks: [LineChunk], pattern: FuzzyPattern, lineCount: Int, limit: Int
  ) -> FuzzyRanking {
    var top: [RankedLine] = []
    top.reserveCapacity(min(limit, lineCount))
    outer: for (index, chunk) in chunks.enumerated() {
      for line in 0..<chunk.count {
        guard top.count < limit else { break outer }
        top.append(RankedLine(chunk: index, line: line, score: 0, length: chunk.line(line).count))
      }
    }
    return FuzzyRanking(
      pattern: pattern, limit: limit, chunkCount: chunks.count, lineCount: lineCount,
      matchCount: lineCount, top: top, matches: Array(repeating: nil, count: chunks.count))
  }

  /// A worker's share: the chunks (and lines) it looks at; then what it found there.
  private struct Part: Sendable {
    var plan: [(chunk: Int, lines: [UInt32]?)] = []
    var matches: [(chunk: Int, lines: [UInt32])] = []
    var top: [RankedLine] = []
  }

  /// Splits the plan into about equal numbers of lines, keeping chunks whole.
  private static func split(
    _ plan: [(chunk: Int, lines: [UInt32]?)], chunks: [LineChunk], into workers: Int
  ) -> [Part] {
    let total = plan.reduce(0) { $0 + ($1.lines?.count ?? chunks[$1.chunk].count) }
    let share = max(1, (total + workers - 1) / workers)
    var parts: [Part] = [Part()]
    var size = 0
    for item in plan {
      if size >= share, parts.count < workers {
        parts.append(Part())
        size = 0
      }
      parts[parts.count - 1].plan.append(item)
      size += item.lines?.count ?? chunks[item.chunk].count
    }
    return parts
  }

  /// Scores a worker's share; `nil` when its task was cancelled.
  private static func scan(
    _ part: Part, of chunks: [LineChunk], pattern: FuzzyPattern, limit: Int
  ) -> Part? {
    var part = part
    var matcher = FuzzyMatcher(pattern)
    var best = BestLines(limit: limit)
    for (chunkIndex, lines) in part.plan {
      if Task.isCancelled { return nil }
      var matched: [UInt32] = []
      chunks[chunkIndex].withStorage { bytes, ends in
        func look(at line: Int) {
          let start = line == 0 ? 0 : Int(ends[line - 1])
          let text = UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[line])])
          guard let score = matcher.score(utf8: text) else { return }
          matched.append(UInt32(line))
          best.offer(RankedLine(chunk: chunkIndex, line: line, score: score, length: text.count))
        }
        if let lines {
          for line in lines { look(at: Int(line)) }
        } else {
          for line in 0..<ends.count { look(at: line) }
        }
      }
      part.matches.append((chunkIndex, matched))
    }
    part.top = best.lines
    return part
  }
}

/// The best lines seen so far, at most `limit`, in a heap whose root is the worst of them.
private struct BestLines {
  let limit: Int
  private(set) var lines: [RankedLine] = []

  init(limit: Int) {
    self.limit = limit
  }

  mutating func offer(_ line: RankedLine) {
    guard limit > 0 else { return }
    if lines.count < limit {
      lines.append(line)
      siftUp(lines.count - 1)
    } else if line.ranks(before: lines[0]) {
      lines[0] = line
      siftDown(0)
    }
  }

  /// Whether the line at `a` should sit above the one at `b`: it ranks after it.
  private func isWorse(_ a: Int, _ b: Int) -> Bool {
    lines[b].ranks(before: lines[a])
  }

  private mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard isWorse(child, parent) else { return }
      lines.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ index: Int) {
    var parent = index
    while true {
      var worst = parent
      let left = 2 * parent + 1
      if left < lines.count, isWorse(left, worst) { worst = left }
      if left + 1 < lines.count, isWorse(left + 1, worst) { worst = left + 1 }
      guard worst != parent else { return }
      lines.swapAt(parent, worst)
      parent = worst
    }
  }
}
