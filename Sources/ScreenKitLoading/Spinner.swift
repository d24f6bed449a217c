public import ScreenKit

/// The drawing of a spinner, its label and progress inside a rectangle, shared by
/// ``SpinnerScreen`` and ``ScreenLoad``.
public struct Spinner: Hashable, Sendable {
  /// The frames and interval.
  public var style: SpinnerStyle
  /// The text after the spinner.
  public var label: String {
    didSet { labelWidth = label.cellWidth }
  }
  /// The progress shown under the spinner, if any.
  public var progress: LoadProgress?
  /// The index of the frame shown.
  public var frameIndex = 0
  /// Whether the drawing starts at the top-left of its rectangle, a status line as
  /// command-line tools show it (an inline host's `Presentation`), rather than centred.
  public var isLeading = false
  // NB: kept, not computed per call: every frame asks where its glyph is, and measuring a
  // label grapheme by grapheme was a tenth of a spinner frame's CPU.
  private var labelWidth: Int

  /// Creates a spinner drawing.
  public init(style: SpinnerStyle, label: String, progress: LoadProgress? = nil) {
    self.style = style
    self.label = label
    self.labelWidth = label.cellWidth
    self.progress = progress
  }

  private var extraRows: Int {
    guard let progress else { return 0 }
    return (progress.fraction == nil ? 0 : 1) + (progress.message == nil ? 0 : 1)
  }

  /// Where the spinner's frame is drawn in `bounds`: at its top-left when ``isLeading``,
  /// otherwise where the whole drawing is centred.
  public func glyphRect(in bounds: Rect) -> Rect {
    let lineWidth = style.width + 1 + labelWidth
    let line =
      isLeading
      ? Rect(x: bounds.minX, y: bounds.minY, width: min(lineWidth, bounds.width), height: 1)
      : bounds.centered(Size(width: lineWidth, height: 1 + extraRows))
    return Rect(x: line.minX, y: line.minY, width: min(style.width, line.width), height: 1)
  }

  /// Draws the frame, the label and any progress in `bounds`, centred or leading.
  public func draw(in canvas: inout Canvas, bounds: Rect) {
    let glyph = glyphRect(in: bounds)
    let accent = Style(foreground: .cyan)
    // NB: the frame that changes every tick stays in the terminal's own colours: a coloured
    // cell costs 16 more bytes per frame (ncurses sets the colour, then resets it after every
    // update); the static label carries the accent instead.
    canvas.drawText(style.frames[frameIndex % style.frames.count], at: glyph.origin)
    // NB: a spinner frame repaints the glyph's cells only; the label and the progress are
    // skipped when the canvas cannot show them, since laying out text it then clips away
    // was half the cost of that frame.
    let labelOrigin = Point(x: glyph.minX + style.width + 1, y: glyph.minY)
    let labelRect = Rect(
      x: labelOrigin.x, y: labelOrigin.y,
      width: min(labelWidth, max(0, bounds.maxX - labelOrigin.x)), height: 1)
    if canvas.visibleBounds.intersects(labelRect) {
      canvas.drawText(
        label, at: labelOrigin, style: accent,
        maxWidth: max(0, bounds.maxX - glyph.minX - style.width - 1))
    }
    guard let progress,
      canvas.visibleBounds.intersects(
        Rect(x: bounds.minX, y: glyph.minY + 1, width: bounds.width, height: extraRows))
    else { return }
    var row = glyph.minY + 1
    let alignment: TextAlignment = isLeading ? .leading : .center
    if let fraction = progress.fraction {
      let width = min(30, max(4, bounds.width - 8))
      let filled = Int((Double(width) * fraction).rounded(.down))
      let bar =
        String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      canvas.drawText(
        "\(bar) \(Int((fraction * 100).rounded(.down)))%",
        in: Rect(x: bounds.minX, y: row, width: bounds.width, height: 1), alignment: alignment,
        style: accent)
      row += 1
    }
    if let message = progress.message {
      canvas.drawText(
        message, in: Rect(x: bounds.minX, y: row, width: bounds.width, height: 1),
        alignment: alignment, style: .dim)
    }
  }
}
