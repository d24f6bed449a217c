import ScreenKit
import Testing

@testable import ScreenKitPrompts

/// The width math of a table: display cells, not characters.
@Suite struct TableLayoutTests {
  @Test func aFittingColumnIsAsWideAsItsTitleAndWidestValueWithinItsBounds() {
    let layout = TableLayout(
      rules: [.fit, .fit(minimum: 6, maximum: 8), .fixed(3)], natural: [4, 12, 9], available: nil)
    #expect(layout.widths == [4, 8, 3])
  }

  @Test func wideAndCombiningCharactersCountTheirCells() {
    // NB: 日本 is four cells, "é" written with a combining accent one.
    let natural = TableLayout.naturalWidths(
      titles: ["Name", "Size"], values: [["日本語", "1"], ["e\u{301}te\u{301}", "12345"]])
    #expect(natural == [6, 5])
    #expect(TableLayout.cell("日本", width: 6, alignment: .trailing) == "  日本")
    #expect(TableLayout.cell("e\u{301}", width: 3, alignment: .center) == " e\u{301} ")
    #expect(TableLayout.cell("日本語", width: 5, alignment: .leading).cellWidth == 5)
    #expect(TableLayout.cell("日本語", width: 5, alignment: .leading) == "日本…")
    #expect(TableLayout.cell("日本語", width: 4, alignment: .leading) == "日… ")
  }

  @Test func tooNarrowATerminalTakesCellsFromTheWidestFittingColumnFirst() {
    let layout = TableLayout(
      rules: [.fit, .fit(minimum: 10), .fixed(4)], natural: [20, 12, 4], available: 30)
    // NB: 20 + 12 + 4 and two gaps of 2 is 40: the first column gives 8 cells, then the two
    // take turns, the first of equals first.
    #expect(layout.widths == [11, 11, 4])
    let narrower = TableLayout(
      rules: [.fit, .fit(minimum: 10), .fixed(4)], natural: [20, 12, 4], available: 10)
    #expect(narrower.widths == [1, 10, 4])
  }

  @Test func plainLinesAreAlignedAndEndWithoutSpaces() {
    struct Package {
      var name: String
      var size: Int
    }
    let columns = [
      TableColumn<Package>("Package") { $0.name },
      TableColumn<Package>("Size", alignment: .trailing) { "\($0.size) kB" },
    ]
    let lines = TableLayout.plainLines(
      columns: columns,
      rows: [Package(name: "swift-log", size: 120), Package(name: "日本", size: 4)])
    #expect(lines == ["Package      Size", "swift-log  120 kB", "日本         4 kB"])
    #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
  }
}
