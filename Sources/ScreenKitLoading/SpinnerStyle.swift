import ScreenKit

/// The frames of a spinner and how long each is shown.
public struct SpinnerStyle: Hashable, Sendable {
  /// The frames, all of the same cell width.
  public let frames: [String]
  /// How long each frame is shown.
  public var frameInterval: Duration

  /// Creates a style; every frame must have the same cell width.
  public init(frames: [String], frameInterval: Duration) {
    precondition(!frames.isEmpty, "ScreenKit: a spinner needs at least one frame")
    let width = frames[0].cellWidth
    precondition(
      frames.allSatisfy { $0.cellWidth == width },
      "ScreenKit: every spinner frame must have the same cell width")
    self.frames = frames
    self.frameInterval = frameInterval
    self.width = width
  }

  // NB: stored: every frame asks for it, and measuring a grapheme is not free.
  /// The cell width of every frame.
  public let width: Int

  /// Braille dots, the default.
  public static let dots = SpinnerStyle(
    frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], frameInterval: .milliseconds(80))
  /// A turning line in box-drawing characters.
  public static let line = SpinnerStyle(
    frames: ["─", "╲", "│", "╱"], frameInterval: .milliseconds(100))
  /// Three growing dots.
  public static let ellipsis = SpinnerStyle(
    frames: ["   ", ".  ", ".. ", "..."], frameInterval: .milliseconds(250))
  /// Plain ASCII, for terminals that cannot draw the others.
  public static let ascii = SpinnerStyle(
    frames: ["|", "/", "-", "\\"], frameInterval: .milliseconds(100))

  /// The named styles, for command-line flags.
  public static let named: [String: SpinnerStyle] = [
    "dots": .dots, "line": .line, "ellipsis": .ellipsis, "ascii": .ascii,
  ]
}
