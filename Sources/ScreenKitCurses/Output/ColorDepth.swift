public import ScreenKit

/// How many colours a terminal shows, and how ScreenKit colours degrade to fit.
///
/// 256-colour indices degrade to the nearest of the 16 ANSI colours (by the xterm palette's
/// RGB values), bright ANSI colours to their normal ones on 8-colour terminals, and every
/// colour to the terminal default on monochrome terminals; attributes always survive.
public enum ColorDepth: Int, Hashable, Sendable, CaseIterable, Comparable {
  /// No colours: only attributes (bold, reverse, ...) are drawn.
  case monochrome = 0
  /// The 8 basic ANSI colours.
  case eight = 8
  /// The 8 basic and 8 bright ANSI colours.
  case sixteen = 16
  /// The xterm 256-colour palette.
  case palette256 = 256

  /// The depth for a terminal that reports `colors` colours; `NO_COLOR` set to anything but
  /// the empty string forces monochrome (see no-color.org).
  public init(colors: Int, hasColors: Bool = true, noColor: String? = nil) {
    if !hasColors || !(noColor ?? "").isEmpty {
      self = .monochrome
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

  /// Orders depths from monochrome up to 256 colours.
  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `color` as this depth can show it.
  public func degrade(_ color: Color) -> Color {
    guard let index = color.index else { return .default }
    switch self {
    case .monochrome: return .default
    case .palette256: return color
    case .sixteen: return .indexed(ColorDepth.nearestANSI(to: index))
    case .eight: return .indexed(ColorDepth.nearestANSI(to: index) % 8)
    }
  }

  /// The ANSI colour (0–15) closest to palette entry `index`.
  static func nearestANSI(to index: UInt8) -> UInt8 {
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

  /// The xterm RGB value of a palette entry from 16 up: the 6×6×6 cube, then 24 greys.
  static func rgb(of index: UInt8) -> (Int, Int, Int) {
    if index < 16 { return ansiRGB[Int(index)] }
    if index >= 232 {
      let level = 8 + 10 * (Int(index) - 232)
      return (level, level, level)
    }
    let levels = [0, 95, 135, 175, 215, 255]
    let cube = Int(index) - 16
    return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
  }

  /// xterm's default RGB values of the 16 ANSI colours.
  private static let ansiRGB: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]
}
