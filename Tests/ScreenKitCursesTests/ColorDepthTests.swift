import ScreenKit
import Testing

@testable import ScreenKitCurses

@Suite struct ColorDepthTests {
  @Test(arguments: [
    (0x100_0000, ColorDepth.direct), (256, .palette256), (88, .sixteen), (16, .sixteen),
    (8, .eight), (2, .monochrome),
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

  @Test func palette256AndDirectKeepEveryIndex() {
    for index in UInt8(0)...255 {
      #expect(ColorDepth.palette256.degrade(.indexed(index)) == .indexed(index))
      #expect(ColorDepth.direct.degrade(.indexed(index)) == .indexed(index))
    }
  }

  /// A direct-colour terminal gets palette entries as their xterm RGB values, never as
  /// numbers it would read as another colour.
  @Test func directColorNumbersAreTheRGBValuesOfThePalette() {
    #expect(ColorDepth.directNumber(of: 196, indexedColors: 8) == 0xFF0000)
    #expect(ColorDepth.directNumber(of: 21, indexedColors: 8) == 0x0000FF)
    #expect(ColorDepth.directNumber(of: 244, indexedColors: 8) == 0x808080)
    #expect(ColorDepth.directNumber(of: 9, indexedColors: 8) == 0xFF0000)
    for limit in [8, 16, 256] {
      for index in UInt8(limit == 256 ? 255 : limit)...255 {
        let number = ColorDepth.directNumber(of: index, indexedColors: limit)
        let (red, green, blue) = ColorDepth.rgb(of: index)
        #expect(number >= limit)
        #expect(
          abs(number >> 16 - red) + abs((number >> 8) & 0xFF - green) + abs(number & 0xFF - blue)
            <= 1)
      }
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
    #expect(ColorDepth.eight.degrade(.indexed(244)) == .white, "grey is nearer white than black")
    #expect(ColorDepth.eight.degrade(.indexed(236)) == .black)
    #expect(ColorDepth.eight.degrade(.brightBlack) == .white)
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
