import PropertyBased
import ScreenKitMatching
import Testing

/// The fuzzy matcher a list filters with: a query's characters in order, scored so that word
/// starts and runs win; checked by example and, on random texts, against every way the query
/// can lie in them.
@Suite struct FuzzyMatcherTests {
  private func match(_ query: String, _ text: String) -> FuzzyMatch? {
    var matcher = FuzzyMatcher(FuzzyPattern(query))
    return matcher.match(text)
  }

  private func score(_ query: String, _ text: String) -> Int? {
    var matcher = FuzzyMatcher(FuzzyPattern(query))
    return matcher.score(text)
  }

  @Test func theQueryMustAppearInOrder() {
    #expect(match("abc", "axbycz")?.utf8Offsets == [0, 2, 4])
    #expect(match("abx", "axbycz") == nil)
    #expect(match("cba", "abc") == nil)
    #expect(match("abc", "") == nil)
  }

  @Test func anEmptyQueryMatchesEverythingWithNoScore() {
    #expect(match("", "anything") == FuzzyMatch(score: 0, utf8Offsets: []))
  }

  @Test func caseIsIgnoredUnlessTheQueryHasAnUpperCaseLetter() {
    #expect(match("foo", "FOO") != nil)
    #expect(match("Foo", "foo") == nil)
    #expect(match("Foo", "Foo") != nil)
    #expect(FuzzyPattern("Foo").isCaseSensitive)
    #expect(!FuzzyPattern("foo").isCaseSensitive)
  }

  @Test func wordStartsWinOverTheMiddleOfWords() throws {
    let separated = try #require(score("ff", "fuzzy-finder"))
    let joined = try #require(score("ff", "fuzzyfinder"))
    #expect(separated > joined)
    #expect(match("sfc", "Sources/FrameChanges")?.utf8Offsets == [0, 8, 13])
  }

  @Test func aRunOfConsecutiveCharactersWinsOverScatteredOnes() {
    #expect(match("core", "controller_core")?.utf8Offsets == [11, 12, 13, 14])
    let run = score("swift", "Sources/swift/main.c") ?? 0
    let scattered = score("swift", "s/w/i/f/t.txt") ?? 0
    #expect(run > scattered)
  }

  @Test func otherCharactersMatchByTheirBytes() {
    #expect(match("终端", "终端与文本")?.utf8Offsets == [0, 1, 2, 3, 4, 5])
    #expect(match("文本", "终端与文本")?.utf8Offsets == [9, 10, 11, 12, 13, 14])
    #expect(match("é", "e") == nil)
  }

  @Test func scoringAloneAgreesWithMatching() {
    for (query, text) in [("sfc", "Sources/FrameChanges"), ("ab", "a_b_ab"), ("x", "xxx")] {
      #expect(score(query, text) == match(query, text)?.score)
    }
  }

  @Test func aLaterOccurrenceCanBeTheBestOne() {
    // NB: the first "a…b" is scattered; the best is the run at the end.
    #expect(match("ab", "a_x_b_ab")?.utf8Offsets == [6, 7])
  }

  // MARK: Against every way the query lies in the text

  /// The table keeps one score a cell, as fzf's does, while a run carries its first bonus.
  ///
  /// A prefix that scored less but started its run at a word can end better. Found by the
  /// property test below; exact search would keep a score per carried bonus.
  @Test func aCarriedRunBonusCanMakeTheTableMissTheBestByAPoint() throws {
    let found = try #require(match("baa/__1", "baa/a/__1"))
    let best = try #require(Self.bestOfEveryEmbedding(query: "baa/__1", text: "baa/a/__1"))
    #expect(found.score == 182 && best == 183)
  }

  /// A text of letters and separators, and which of its bytes make the query.
  @Test func theMatchIsAPlacementScoredAsItSaysAndNeverAboveTheBest() async {
    let letters = Gen<Character?>.element(of: Array("abAB-_/ .1")).compactMap { $0 }
    await propertyCheck(count: 300, input: letters.string(of: 1...12), Gen.int(in: 0...4095)) {
      text, selection in
      let bytes = Array(text.utf8)
      let query = String(
        decoding: bytes.indices.filter { selection & (1 << $0) != 0 }.map { bytes[$0] },
        as: UTF8.self)
      guard !query.isEmpty else { return }
      let found = match(query, text)
      let best = Self.bestOfEveryEmbedding(query: query, text: text)
      // A text that holds the query is matched, with a real placement of the score it states,
      // at most the best one (and, by the example above, short of it only where a run's
      // carried bonus makes the table choose early).
      #expect((found == nil) == (best == nil), "query \(query) in \(text)")
      if let found, let best {
        #expect(found.score <= best, "query \(query) in \(text)")
        #expect(found.score >= best - 8, "query \(query) in \(text): \(found.score) of \(best)")
        #expect(found.utf8Offsets == found.utf8Offsets.sorted())
        #expect(Self.score(of: found.utf8Offsets, query: query, text: text) == found.score)
      }
    }
  }

  /// The best score over every ascending choice of positions for the query's bytes.
  static func bestOfEveryEmbedding(query: String, text: String) -> Int? {
    let pattern = FuzzyPattern(query)
    let q = Array(query.utf8).map { pattern.isCaseSensitive ? $0 : folded($0) }
    let t = Array(text.utf8).map { pattern.isCaseSensitive ? $0 : folded($0) }
    var best: Int?
    func walk(_ j: Int, _ from: Int, _ positions: [Int]) {
      guard j < q.count else {
        let score = score(of: positions, query: query, text: text)
        best = max(best ?? score, score)
        return
      }
      for i in from..<t.count where t[i] == q[j] { walk(j + 1, i + 1, positions + [i]) }
    }
    walk(0, 0, [])
    return best
  }

  /// The score of one choice of positions, by the rules the matcher states: 16 a byte, its
  /// position's bonus (twice for the first), a run carrying its first bonus (at least 4), a
  /// gap costing 3 and 1 more a byte.
  static func score(of positions: [Int], query: String, text: String) -> Int {
    let t = Array(text.utf8)
    var total = 0
    var carried = 0
    for (j, position) in positions.enumerated() {
      let bonus = bonus(at: position, in: t)
      if j == 0 {
        total += 16 + bonus * 2
        carried = bonus
      } else if position == positions[j - 1] + 1 {
        carried = max(bonus, carried, 4)
        total += 16 + carried
      } else {
        let gap = position - positions[j - 1] - 1
        total += 16 + bonus - 3 - (gap - 1)
        carried = bonus
      }
    }
    return total
  }

  private static func folded(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  private enum Kind { case white, delimiter, punctuation, lower, upper, digit, other }

  private static func kind(_ byte: UInt8) -> Kind {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): .lower
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): .upper
    case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
    case UInt8(ascii: " "), UInt8(ascii: "\t"): .white
    case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"),
      UInt8(ascii: "|"):
      .delimiter
    case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: .punctuation
    default: .other
    }
  }

  private static func bonus(at position: Int, in text: [UInt8]) -> Int {
    let previous = position == 0 ? Kind.white : kind(text[position - 1])
    switch (previous, kind(text[position])) {
    case (_, .white), (_, .delimiter), (_, .punctuation): return 8
    case (.white, _): return 10
    case (.delimiter, _): return 9
    case (.punctuation, _): return 8
    case (.lower, .upper): return 7
    case (.lower, .digit), (.upper, .digit), (.other, .digit): return 7
    default: return 0
    }
  }
}

/// A line of megabytes: matched without a table the size of the line times the query.
@Suite struct FuzzyMatcherHugeLineTests {
  @Test func aHugeLineIsScoredByItsFirstPlacementAsTheTableWouldScoreIt() throws {
    var matcher = FuzzyMatcher(FuzzyPattern("abc"))
    let padding = String(repeating: "z", count: FuzzyMatcher.maximumCells)
    let text = "xx a-bc yy" + padding + "abc"
    let short = matcher.match("xx a-bc yy")
    let huge = matcher.match(text)
    // The first placement, scored as the table scores it where it is the only one.
    #expect(huge?.utf8Offsets == [3, 5, 6])
    #expect(huge?.score == short?.score)
    #expect(huge != nil && matcher.score(text) == huge?.score)
  }
}
