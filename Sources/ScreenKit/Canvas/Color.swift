/// A terminal colour: the terminal's default, one of the 16 ANSI colours, or a 256-colour index.
///
/// Backends degrade colours the terminal cannot show: 256-colour indices to the nearest of the
/// 16 ANSI colours, bright ANSI colours to their normal ones on 8-colour terminals, and every
/// colour to the default on monochrome terminals.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// The palette index, or `nil` for the terminal's default colour.
  public let index: UInt8?

  private init(index: UInt8?) {
    self.index = index
  }

  /// The colour at `index` of the 256-colour palette (0–15 are the ANSI colours).
  public static func indexed(_ index: UInt8) -> Color { Color(index: index) }

  /// The terminal's own foreground or background colour.
  public static let `default` = Color(index: nil)
  /// ANSI black.
  public static let black = Color(index: 0)
  /// ANSI red.
  public static let red = Color(index: 1)
  /// ANSI green.
  public static let green = Color(index: 2)
  /// ANSI yellow.
  public static let yellow = Color(index: 3)
  /// ANSI blue.
  public static let blue = Color(index: 4)
  /// ANSI magenta.
  public static let magenta = Color(index: 5)
  /// ANSI cyan.
  public static let cyan = Color(index: 6)
  /// ANSI white (light grey on most terminals).
  public static let white = Color(index: 7)
  /// ANSI bright black (dark grey).
  public static let brightBlack = Color(index: 8)
  /// ANSI bright red.
  public static let brightRed = Color(index: 9)
  /// ANSI bright green.
  public static let brightGreen = Color(index: 10)
  /// ANSI bright yellow.
  public static let brightYellow = Color(index: 11)
  /// ANSI bright blue.
  public static let brightBlue = Color(index: 12)
  /// ANSI bright magenta.
  public static let brightMagenta = Color(index: 13)
  /// ANSI bright cyan.
  public static let brightCyan = Color(index: 14)
  /// ANSI bright white.
  public static let brightWhite = Color(index: 15)

  /// `default` or the palette index.
  public var description: String { index.map { "color\($0)" } ?? "default" }
}
