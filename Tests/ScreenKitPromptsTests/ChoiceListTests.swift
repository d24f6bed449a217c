import ScreenKitMatching
import Testing

@testable import ScreenKitPrompts

/// What a select holds, apart from its screen: the pointer, the rows chosen, and rows that
/// arrive while a filter is typed.
@Suite struct ChoiceListTests {
  private static func rows(_ titles: String...) -> [ChoiceList.Row] {
    titles.map { title in
      title.hasPrefix("-")
        ? ChoiceList.Row(title: String(title.dropFirst()), disabledReason: "off")
        : ChoiceList.Row(title: title)
    }
  }

  @Test func thePointerStartsOnTheRowAskedForOrTheFirstThatCanBeChosen() {
    #expect(ChoiceList(rows: Self.rows("a", "b", "c"), mode: .single, pointed: 2).pointedIndex == 2)
    #expect(ChoiceList(rows: Self.rows("-a", "b"), mode: .single, pointed: 0).pointedIndex == 1)
    #expect(ChoiceList(rows: Self.rows("-a", "-b"), mode: .single, pointed: nil).pointer == nil)
  }

  @Test func aMovePassesOverRowsThatCannotBeChosenAndStopsAtTheEnds() {
    var list = ChoiceList(rows: Self.rows("a", "-b", "c", "-d"), mode: .single, pointed: nil)
    list.move(by: 1)
    #expect(list.pointedIndex == 2)
    list.move(by: 1)
    #expect(list.pointedIndex == 2)
    list.move(by: -10)
    #expect(list.pointedIndex == 0)
  }

  @Test func rowsArrivingUnderAFilterLeaveThePointerOnItsRow() {
    var list = ChoiceList(rows: Self.rows("cat", "car"), mode: .single, pointed: nil)
    list.filter(by: FuzzyPattern("ca"))
    list.move(by: 1)
    let pointed = list.pointedIndex
    // "ca" itself scores above both: it arrives before them in the order shown.
    list.appendRows(Self.rows("ca", "dog"), filteredBy: FuzzyPattern("ca"))
    #expect(list.pointedIndex == pointed)
    #expect(list.shown.map(\.index).contains(2))
    #expect(!list.shown.map(\.index).contains(3))
  }

  @Test func aMultipleSelectChoosesUpToItsMaximum() {
    var list = ChoiceList(
      rows: Self.rows("a", "b", "c"), mode: .multiple(minimum: 1, maximum: 2, chosen: []),
      pointed: nil)
    #expect(list.chosenMessage == "choose at least 1")
    #expect(list.toggle() == nil)
    list.move(by: 1)
    #expect(list.toggle() == nil)
    list.move(by: 1)
    #expect(list.toggle() == "choose at most 2")
    #expect(list.chosen == [0, 1])
    #expect(list.chosenMessage == nil)
  }
}
