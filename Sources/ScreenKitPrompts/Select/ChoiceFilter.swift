import ScreenKitMatching

/// The filters typed into a select, each narrowing the one before, with the rows each let
/// through: a letter typed looks only at the rows of the pattern it narrows, and Backspace
/// finds its rows here, as they were (docs/decisions/2026-11-28-select-filter-levels.md).
struct ChoiceFilter {
  private var levels: [(pattern: FuzzyPattern, shown: [ChoiceListScreen.Shown])] = []

  /// The rows of `rows` that `pattern` lets through, best first.
  ///
  /// Rows that score alike keep their order; the empty pattern lets every row through.
  mutating func shown(
    for pattern: FuzzyPattern, in rows: [ChoiceListScreen.Row]
  ) -> [ChoiceListScreen.Shown] {
    guard !pattern.isEmpty else {
      levels = []
      return rows.indices.map { ChoiceListScreen.Shown(index: $0) }
    }
    if let kept = levels.lastIndex(where: { $0.pattern == pattern }) {
      levels.removeSubrange((kept + 1)...)
      return levels[kept].shown
    }
    while let last = levels.last, !pattern.narrows(last.pattern) { levels.removeLast() }
    var matcher = FuzzyMatcher(pattern)
    // NB: each match as one number that sorts as the rows are shown: the score, best first,
    // in the high bits, the index in the low 31; a sort of numbers calls no closure per
    // comparison, as one of pairs did. ChoiceFilterTests checks the order against the rule.
    // (No select holds 2^31 choices: each is a value and strings in memory.)
    var scored: [UInt64] = []
    func score(_ index: Int) {
      // NB: the matcher's bytes, not its generic `score(_:)`: called across modules, that one
      // ran unspecialised, a metadata lookup and a copy of the title per row.
      let title = rows[index].title
      let score =
        title.utf8.withContiguousStorageIfAvailable { matcher.score(utf8: $0) }
        ?? matcher.score(title)
      guard let score else { return }
      // The score within 32 bits, turned so that the best is 0.
      let clamped = min(max(Int64(score), Int64(Int32.min)), Int64(Int32.max))
      let rank = UInt64(Int64(Int32.max) - clamped)
      scored.append((rank << 31) | UInt64(index))
    }
    if let last = levels.last {
      for row in last.shown { score(row.index) }
    } else {
      for index in rows.indices { score(index) }
    }
    scored.sort()
    let shown = scored.map { ChoiceListScreen.Shown(index: Int($0 & ((1 << 31) - 1))) }
    levels.append((pattern, shown))
    return shown
  }

  /// Forgets every level: the rows changed.
  mutating func reset() {
    levels = []
  }
}
