import ScreenKit
import Testing

@testable import ScreenKitCurses

@Suite struct ColorPairTableTests {
  @Test func defaultColorsUsePairZeroWithoutAllocating() {
    var table = ColorPairTable(colorPairs: 64)
    #expect(table.pair(foreground: .default, background: .default) == .init(pair: 0, isNew: false))
    #expect(table.count == 0)
  }

  @Test func newCombinationAllocatesNextPairOnce() {
    var table = ColorPairTable(colorPairs: 64)
    #expect(table.pair(foreground: .red, background: .default) == .init(pair: 1, isNew: true))
    #expect(table.pair(foreground: .red, background: .default) == .init(pair: 1, isNew: false))
    #expect(table.pair(foreground: .default, background: .red) == .init(pair: 2, isNew: true))
    #expect(table.count == 2)
  }

  @Test func sameColorsReuseTheirPairAfterOthersWereAllocated() {
    var table = ColorPairTable(colorPairs: 256)
    let first = table.pair(foreground: .cyan, background: .black)
    for index in UInt8(16)..<40 { _ = table.pair(foreground: .indexed(index), background: .black) }
    #expect(
      table.pair(foreground: .cyan, background: .black) == .init(pair: first.pair, isNew: false))
  }

  @Test func allocationStaysInsideItsRange() {
    var table = ColorPairTable(range: 32...33)
    #expect(table.pair(foreground: .red, background: .black).pair == 32)
    #expect(table.pair(foreground: .green, background: .black).pair == 33)
    #expect(table.pair(foreground: .blue, background: .black) == .init(pair: 0, isNew: false))
    #expect(table.pair(foreground: .red, background: .black) == .init(pair: 32, isNew: false))
  }

  @Test func exhaustedTableFallsBackToDefaultPair() {
    var table = ColorPairTable(colorPairs: 3)
    _ = table.pair(foreground: .red, background: .default)
    _ = table.pair(foreground: .green, background: .default)
    #expect(table.pair(foreground: .blue, background: .default) == .init(pair: 0, isNew: false))
    #expect(table.count == 2)
  }

  @Test func terminalWithoutPairsNeverAllocates() {
    var table = ColorPairTable(colorPairs: 0)
    #expect(table.pair(foreground: .red, background: .default) == .init(pair: 0, isNew: false))
  }
}
