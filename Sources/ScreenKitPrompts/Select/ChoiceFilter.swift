import ScreenKitMatching

/// The filters typed into a select, each narrowing the one before, with the rows each let
/// through: a letter typed looks only at the rows of the pattern it narrows, and Backspace
/// finds its rows here, as they were (docs/decisions/2026-11-28-select-filter-levels.md).
struct ChoiceFilter {
  private var levels: [(pattern: FuzzyPattern, shown: [ChoiceList.Shown])] = []

  /// The rows of `rows` that `pattern` lets through, best first.
  ///
  /// Rows that score alike keep their order; the empty pattern lets every row through.
  mutating func shown(
    for pattern: FuzzyPattern, in rows: [ChoiceList.Row]
  ) -> [ChoiceList.Shown] {
    guard !pattern.isEmpty else {
      levels = []
      return rows.indices.map { ChoiceList.Shown(index: $0) }
    }
    if let kept = levels.lastIndex(where: { $0.pattern == pattern }) {
      levels.removeSubrange((kept + 1)...)
      return levels[kept].shown
    }
    while let last = levels.last, !pattern.narrows(last.pattern) { levels.removeLast() }
    var matcher = FuzzyMatcher(pattern)
    var shown: [ChoiceList.Shown] = []
    if let last = levels.last {
      for row in last.shown { Self.score(row.index, of: rows, with: &matcher, into: &shown) }
    } else {
      for index in rows.indices { Self.score(index, of: rows, with: &matcher, into: &shown) }
    }
    shown.sort { $0.key < $1.key }
    levels.append((pattern, shown))
    return shown
  }

  /// The rows `pattern` lets through once `rows[arrived]` have come after the others, best
  /// first: only the new rows are scored, and merged with the rows shown.
  ///
  /// Only the level of `pattern` is kept (a Backspace then scores from the rows, as after any
  /// edit that is not on the stack): each arrival would otherwise score every level again.
  mutating func shown(
    for pattern: FuzzyPattern, in rows: [ChoiceList.Row], arrived: Range<Int>
  ) -> [ChoiceList.Shown] {
    guard !pattern.isEmpty, let current = levels.last(where: { $0.pattern == pattern }) else {
      levels = []
      return shown(for: pattern, in: rows)
    }
    var matcher = FuzzyMatcher(pattern)
    var added: [ChoiceList.Shown] = []
    for index in arrived { Self.score(index, of: rows, with: &matcher, into: &added) }
    added.sort { $0.key < $1.key }
    let merged = Self.merge(current.shown, added)
    levels = [(pattern, merged)]
    return merged
  }

  /// Scores `rows[index]`; keeps it in `shown` when the pattern matches it.
  ///
  /// NB: each match as one number that sorts as the rows are shown: the score, best first,
  /// in the high bits, the index in the low 31; a sort of numbers calls no closure per
  /// comparison, as one of pairs did. ChoiceFilterTests checks the order against the rule.
  /// (No select holds 2^31 choices: each is a value and strings in memory.)
  private static func score(
    _ index: Int, of rows: [ChoiceList.Row], with matcher: inout FuzzyMatcher,
    into shown: inout [ChoiceList.Shown]
  ) {
    // NB: the matcher's bytes, not its generic `score(_:)`: called across modules, that one
    // ran unspecialised, a metadata lookup and a copy of the title per row.
    let title = rows[index].title
    let score =
      title.utf8.withContiguousStorageIfAvailable { matcher.score(utf8: $0) }
      ?? matcher.score(title)
    guard let score else { return }
    // The score within 32 bits, turned so that the best is 0.
    let clamped = min(max(Int64(score), Int64(Int32.min)), Int64(Int32.max))
    shown.append(ChoiceList.Shown(index: index, rank: UInt64(Int64(Int32.max) - clamped)))
  }

  /// Two lists sorted by key as one.
  private static func merge(
    _ first: [ChoiceList.Shown], _ second: [ChoiceList.Shown]
  ) -> [ChoiceList.Shown] {
    guard !second.isEmpty else { return first }
    var merged: [ChoiceList.Shown] = []
    merged.reserveCapacity(first.count + second.count)
    var i = 0
    var j = 0
    while i < first.count, j < second.count {
      if first[i].key <= second[j].key {
        merged.append(first[i])
        i += 1
      } else {
        merged.append(second[j])
        j += 1
      }
    }
    merged += first[i...]
    merged += second[j...]
    return merged
  }

  /// Forgets every level: the rows changed.
  mutating func reset() {
    levels = []
  }
}
