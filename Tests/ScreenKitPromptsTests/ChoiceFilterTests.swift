import ScreenKitMatching
import ScreenKitSimulation
import Testing

@testable import ScreenKitPrompts

/// The select's filter against the plainest reading of its rule.
///
/// Over seeded random rows and queries typed and erased a letter at a time: every row the
/// pattern matches, best score first, rows that score alike in their order. It guards the
/// filter's packed sort keys and its levels (a letter typed looks only at the rows the
/// shorter query let through).
@Suite struct ChoiceFilterTests {
  static let words = ["net", "ui", "kit", "Core", "io", "Log", "x", "swift", "Stage", "a b"]

  /// The rule: score each row, keep the matches, best first, ties by index.
  static func expected(_ pattern: FuzzyPattern, _ rows: [ChoiceList.Row]) -> [Int] {
    var matcher = FuzzyMatcher(pattern)
    let scored = rows.indices.compactMap { index in
      matcher.score(rows[index].title).map { (index: index, score: $0) }
    }
    return scored.sorted {
      $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index
    }.map(\.index)
  }

  /// Up to `limit` rows of a few random words.
  static func randomRows(upTo limit: Int, using random: inout SeededRandom)
    -> [ChoiceList.Row]
  {
    (0..<Int.random(in: 0...limit, using: &random)).map { _ in
      let parts = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        Self.words.randomElement(using: &random) ?? ""
      }
      return ChoiceList.Row(title: parts.joined(separator: "/"))
    }
  }

  static func randomQuery(using random: inout SeededRandom) -> String {
    String(
      (0..<Int.random(in: 1...6, using: &random)).map { _ in
        "netuikcorgxs/ ".randomElement(using: &random) ?? "n"
      })
  }

  @Test(arguments: 1...20)
  func aQueryTypedAndErasedLetsThroughWhatTheRuleSays(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let rows = Self.randomRows(upTo: 400, using: &random)
    let query = Self.randomQuery(using: &random)
    var filter = ChoiceFilter()
    var typed = ""
    var queries: [String] = []
    for character in query {
      typed.append(character)
      queries.append(typed)
    }
    // Typed a letter at a time, then erased back to one letter: narrowing, then levels kept.
    queries += queries.dropLast().reversed()
    for text in queries {
      let pattern = FuzzyPattern(text)
      let shown = filter.shown(for: pattern, in: rows).map(\.index)
      #expect(
        shown == Self.expected(pattern, rows), "\(text) over \(rows.count) rows, seed \(seed)")
    }
  }

  /// Rows streaming in between the letters typed and erased: after each arrival and each
  /// key, what the rule says of the rows there are (only the new rows were scored).
  @Test(arguments: 1...20)
  func rowsArrivingBetweenKeysAreLetThroughAsTheRuleSays(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let query = Self.randomQuery(using: &random)
    var texts: [String] = [""]
    for character in query { texts.append((texts.last ?? "") + String(character)) }
    texts += texts.dropLast().reversed()
    var filter = ChoiceFilter()
    var rows: [ChoiceList.Row] = []
    for text in texts {
      let pattern = FuzzyPattern(text)
      var shown = filter.shown(for: pattern, in: rows).map(\.index)
      #expect(
        shown == Self.expected(pattern, rows), "typed \(text) over \(rows.count), seed \(seed)")
      let arrived = Self.randomRows(upTo: 60, using: &random)
      let start = rows.count
      rows += arrived
      shown = filter.shown(for: pattern, in: rows, arrived: start..<rows.count).map(\.index)
      #expect(
        shown == Self.expected(pattern, rows), "\(arrived.count) came under \(text), seed \(seed)")
    }
  }
}
