public import ScreenKit

/// How many colours a terminal shows, and how ScreenKit colours degrade to fit.
///
/// A direct-colour (24-bit) terminal draws every palette index as its xterm RGB value;
/// 256-colour indices degrade to the nearest of the 16 ANSI colours (by the xterm palette's
/// RGB values), and on 8-colour terminals further to the normal ANSI colour of that bright one
/// (dark grey to light grey); every colour becomes the terminal default on monochrome terminals;
/// attributes always survive.
public enum ColorDepth: Int, Hashable, Sendable, CaseIterable, Comparable {
  /// No colours: only attributes (bold, reverse, ...) are drawn.
  case monochrome = 0
  /// The 8 basic ANSI colours.
  case eight = 8
  /// The 8 basic and 8 bright ANSI colours.
  case sixteen = 16
  /// The xterm 256-colour palette.
  case palette256 = 256
  /// 24-bit colour (terminfo `RGB`, as `xterm-direct`): colours are sent as RGB values.
  case direct = 0x100_0000

  /// The depth for a terminal that reports `colors` colours; `NO_COLOR` set to anything but
  /// the empty string forces monochrome (see no-color.org).
  public init(colors: Int, hasColors: Bool = true, noColor: String? = nil) {
    if !hasColors || !(noColor ?? "").isEmpty {
      self = .monochrome
    } else if colors >= ColorDepth.direct.rawValue {
      self = .direct
    } else if colors >= 256 {
      self = .palette256
    } else if colors >= 16 {
      self = .sixteen
    } else if colors >= 8 {
      self = .eight
    } else {
      self = .monochrome
    }
  }

  /// Orders depths from monochrome up to direct colour.
  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `color` as this depth can show it.
  public func degrade(_ color: Color) -> Color {
    guard let index = color.index else { return .default }
    switch self {
    case .monochrome: return .default
    case .direct, .palette256: return color
    case .sixteen: return .indexed(ColorDepth.nearestANSI(to: index))
    case .eight:
      // NB: grey is nearer yellow than white by RGB distance, so colours go through the 16
      // first; dark grey then becomes light grey, as black would vanish on a dark screen.
      let nearest = ColorDepth.nearestANSI(to: index)
      return .indexed(nearest == 8 ? 7 : nearest % 8)
    }
  }

  /// The ANSI colour (0–15) closest to palette entry `index`.
  package static func nearestANSI(to index: UInt8) -> UInt8 {
    if index < 16 { return index }
    let target = rgb(of: index)
    var best: UInt8 = 0
    var bestDistance = Int.max
    for candidate in UInt8(0)..<16 {
      let rgb = ansiRGB[Int(candidate)]
      let dr = rgb.0 - target.0
      let dg = rgb.1 - target.1
      let db = rgb.2 - target.2
      let distance = dr * dr + dg * dg + db * db
      if distance < bestDistance {
        best = candidate
        bestDistance = distance
      }
    }
    return best
  }

  /// The xterm RGB value of a palette entry: the 16 ANSI colours, the 6×6×6 cube, then 24
  /// greys.
  package static func rgb(of index: UInt8) -> (Int, Int, Int) {
    if index < 16 { return ansiRGB[Int(index)] }
    if index >= 232 {
      let level = 8 + 10 * (Int(index) - 232)
      return (level, level, level)
    }
    let levels = [0, 95, 135, 175, 215, 255]
    let cube = Int(index) - 16
    return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
  }

  /// The colour number a direct-colour terminal draws palette entry `index` with: its xterm
  /// RGB value as `0xRRGGBB`.
  ///
  /// NB: the few entries whose value is below `indexedColors` (black and dark blues) would
  /// pick a palette entry instead; one step of green, invisible, makes them RGB again.
  package static func directNumber(of index: UInt8, indexedColors: Int) -> Int {
    let (red, green, blue) = rgb(of: index)
    let value = red << 16 | green << 8 | blue
    return value < indexedColors ? value | 0x100 : value
  }

  /// xterm's default RGB values of the 16 ANSI colours.
  private static let ansiRGB: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]
}
