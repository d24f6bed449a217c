import CNCurses
import ScreenKit

/// The colours of one ncurses screen: its colour depth and its colour pairs, shared by every
/// writer that draws on that screen.
///
/// Colour pairs belong to an ncurses screen, not to a window, so every writer on one screen
/// must use one palette; ``CursesTerminal`` owns its own, and an embedding program makes one
/// with ``init(depth:pairRange:)`` and hands it to each ``EmbeddedHost``.
@MainActor
public final class CursesPalette {
  /// How many colours the palette draws with.
  public let depth: ColorDepth
  /// The pairs allocated so far.
  public private(set) var table: ColorPairTable
  /// Whether ncurses accepted `use_default_colors`, so `-1` is the terminal's own colour.
  private let hasDefaultColors: Bool
  /// On a direct-colour terminal, the colour numbers below which `setaf` still picks the
  /// terminal's own palette entries (8 for `xterm-direct`) rather than RGB values.
  private let indexedColors: Int

  /// Creates the palette of the current ncurses screen, after `start_color()`.
  ///
  /// - Parameters:
  ///   - depth: the depth to draw with; by default what the terminal reports (`COLORS`,
  ///     `has_colors()`), monochrome when `start_color()` was not called or `NO_COLOR` is set.
  ///   - pairRange: the pair numbers this palette may define; by default the upper half of
  ///     `COLOR_PAIRS`, so pairs an embedding program defines from 1 up stay its own.
  public init(depth: ColorDepth? = nil, pairRange: ClosedRange<Int>? = nil) {
    let detected = ColorDepth(
      colors: Int(sk_colors()), hasColors: has_colors(), noColor: Environment.value("NO_COLOR"))
    self.depth = min(depth ?? detected, detected)
    let pairs = Int(sk_color_pairs())
    if let pairRange {
      table = ColorPairTable(range: pairRange)
    } else if pairs > 2 {
      table = ColorPairTable(range: (pairs / 2)...(pairs - 1))
    } else {
      table = ColorPairTable(colorPairs: pairs)
    }
    // NB: the terminal's defaults read as -1 only after use_default_colors(); if it was not
    // called (or failed) pair 0 is white on black and -1 would be rejected.
    var foreground: Int32 = 0
    var background: Int32 = 0
    hasDefaultColors =
      self.depth != .monochrome && extended_pair_content(0, &foreground, &background) == OK
      && foreground == -1
    indexedColors = Int(sk_indexed_color_limit())
  }

  /// Creates a palette for a session that has set up colours itself.
  init(depth: ColorDepth, pairs: Int, hasDefaultColors: Bool) {
    self.depth = depth
    self.table = ColorPairTable(colorPairs: pairs)
    self.hasDefaultColors = hasDefaultColors
    self.indexedColors = depth == .direct ? Int(sk_indexed_color_limit()) : 256
  }

  /// The ncurses attributes and colour pair for `style`, defining the pair when it is new.
  func rendition(of style: Style) -> (attributes: attr_t, pair: Int32) {
    var attributes = sk_a_normal()
    if style.attributes.contains(.bold) { attributes |= sk_a_bold() }
    if style.attributes.contains(.dim) { attributes |= sk_a_dim() }
    if style.attributes.contains(.reverse) { attributes |= sk_a_reverse() }
    if style.attributes.contains(.underline) { attributes |= sk_a_underline() }
    guard depth != .monochrome else { return (attributes, 0) }
    let foreground = depth.degrade(style.foreground)
    let background = depth.degrade(style.background)
    let lookup = table.pair(foreground: foreground, background: background)
    if lookup.isNew {
      _ = sk_init_pair(
        Int32(lookup.pair), number(of: foreground, fallback: 7),
        number(of: background, fallback: 0))
    }
    return (attributes, Int32(lookup.pair))
  }

  private func number(of color: Color, fallback: Int32) -> Int32 {
    guard let index = color.index else { return hasDefaultColors ? -1 : fallback }
    guard depth == .direct, Int(index) >= indexedColors else { return Int32(index) }
    return Int32(ColorDepth.directNumber(of: index, indexedColors: indexedColors))
  }
}
