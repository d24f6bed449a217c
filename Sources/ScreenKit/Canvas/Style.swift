/// How a cell looks: foreground and background colour and text attributes.
public struct Style: Hashable, Sendable {
  /// Text attributes a terminal can combine.
  public struct Attributes: OptionSet, Hashable, Sendable {
    /// The bit pattern.
    public let rawValue: UInt8

    /// Creates attributes from their bit pattern.
    public init(rawValue: UInt8) {
      self.rawValue = rawValue
    }

    /// Bold or bright text.
    public static let bold = Attributes(rawValue: 1 << 0)
    /// Faint text.
    public static let dim = Attributes(rawValue: 1 << 1)
    /// Foreground and background swapped.
    public static let reverse = Attributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = Attributes(rawValue: 1 << 3)
  }

  /// The text colour.
  public var foreground: Color
  /// The cell's background colour.
  public var background: Color
  /// The attributes.
  public var attributes: Attributes

  /// Creates a style; every part defaults to the terminal's own.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look.
  public static let plain = Style()
  /// Bold text in the default colours.
  public static let bold = Style(attributes: .bold)
  /// Dim text in the default colours.
  public static let dim = Style(attributes: .dim)
  /// Reversed video, used for selection and bars.
  public static let reverse = Style(attributes: .reverse)
  /// Underlined text in the default colours.
  public static let underline = Style(attributes: .underline)

  /// This style with `attributes` added.
  public func adding(_ attributes: Attributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }

  /// This style with another foreground colour.
  public func foreground(_ color: Color) -> Style {
    var copy = self
    copy.foreground = color
    return copy
  }

  /// This style with another background colour.
  public func background(_ color: Color) -> Style {
    var copy = self
    copy.background = color
    return copy
  }
}
