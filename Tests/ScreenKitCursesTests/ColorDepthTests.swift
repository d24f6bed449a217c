import ScreenKit
import Testing

@testable import ScreenKitCurses

@Suite struct ColorDepthTests {
  @Test(arguments: [
    (256, ColorDepth.palette256), (88, .sixteen), (16, .sixteen), (8, .eight), (2, .monochrome),
    (0, .monochrome),
  ])
  func depthFollowsTheTerminalsColorCount(colors: Int, depth: ColorDepth) {
    #expect(ColorDepth(colors: colors) == depth)
  }

  @Test func noColorSetToAnythingForcesMonochrome() {
    #expect(ColorDepth(colors: 256, noColor: "1") == .monochrome)
    #expect(ColorDepth(colors: 256, noColor: "") == .palette256)
    #expect(ColorDepth(colors: 256, noColor: nil) == .palette256)
  }

  @Test func terminalWithoutColorsIsMonochrome() {
    #expect(ColorDepth(colors: 256, hasColors: false) == .monochrome)
  }

  @Test(arguments: ColorDepth.allCases)
  func defaultColorStaysDefaultAtEveryDepth(depth: ColorDepth) {
    #expect(depth.degrade(.default) == .default)
  }

  @Test func palette256KeepsEveryIndex() {
    for index in UInt8(0)...255 {
      #expect(ColorDepth.palette256.degrade(.indexed(index)) == .indexed(index))
    }
  }

  @Test(arguments: [
    (UInt8(16), UInt8(0)), (196, 9), (46, 10), (21, 4), (63, 12), (231, 15), (244, 8), (252, 7),
    (226, 11), (201, 13), (51, 14), (88, 1), (28, 2),
  ])
  func paletteColorsDegradeToNearestOf16(index: UInt8, expected: UInt8) {
    #expect(ColorDepth.sixteen.degrade(.indexed(index)) == .indexed(expected))
  }

  @Test func brightColorsDegradeToNormalOnesWithEightColors() {
    #expect(ColorDepth.eight.degrade(.brightRed) == .red)
    #expect(ColorDepth.eight.degrade(.brightWhite) == .white)
    #expect(ColorDepth.eight.degrade(.indexed(196)) == .red)
    #expect(ColorDepth.eight.degrade(.blue) == .blue)
  }

  @Test func everyColorDegradesToDefaultInMonochrome() {
    for index in UInt8(0)...255 {
      #expect(ColorDepth.monochrome.degrade(.indexed(index)) == .default)
    }
  }

  @Test func everyDegradedColorFitsItsDepth() {
    for index in UInt8(0)...255 {
      #expect((ColorDepth.sixteen.degrade(.indexed(index)).index ?? 0) < 16)
      #expect((ColorDepth.eight.degrade(.indexed(index)).index ?? 0) < 8)
    }
  }
}
