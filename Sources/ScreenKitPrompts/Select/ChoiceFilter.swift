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
    var scored: [(index: Int, score: Int)] = []
    func score(_ index: Int) {
      // NB: the matcher's bytes, not its generic `score(_:)`: called across modules, that one
      // ran unspecialised, a metadata lookup and a copy of the title per row.
      let title = rows[index].title
      let score =
        title.utf8.withContiguousStorageIfAvailable { matcher.score(utf8: $0) }
        ?? matcher.score(title)
      if let score { scored.append((index, score)) }
    }
    if let last = levels.last {
      for row in last.shown { score(row.index) }
    } else {
      for index in rows.indices { score(index) }
    }
    scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
    let shown = scored.map { ChoiceListScreen.Shown(index: $0.index) }
    levels.append((pattern, shown))
    return shown
  }

  /// Forgets every level: the rows changed.
  mutating func reset() {
    levels = []
  }
}
