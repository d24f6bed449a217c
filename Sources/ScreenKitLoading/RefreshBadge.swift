import ScreenKit

/// The small indicator drawn over loaded content while it refreshes, or the dismissable message
/// when a refresh failed: a child screen of a `LoadingController`, and drawn by a `Loading`
/// screen's loader over the screen's own layer, with the same placement and drawing.
final class RefreshBadge: Screen {
  /// What the badge says of a failed refresh, or of a change taken back.
  struct Failure: Equatable, Sendable {
    let headline: String
    let hint: String

    init(_ error: any Error) {
      if let change = error as? ChangeRolledBackError {
        headline = "change failed: \(change)"
        hint = "r reload · Esc dismiss"
      } else {
        headline = "refresh failed: \(ErrorScreen.message(for: error))"
        hint = "r retry · Esc dismiss"
      }
    }
  }

  /// The failure shown; `nil` while refreshing.
  var error: Failure? {
    didSet { setNeedsDisplay() }
  }

  override init() {
    super.init()
    name = "RefreshBadge"
  }

  override func draw(in canvas: inout Canvas) {
    RefreshBadge.draw(error: error, in: &canvas, frame: bounds)
  }

  /// Where the badge goes over `content`: top-right while refreshing, along the bottom two rows
  /// for a refresh error.
  static func frame(error: Failure?, over content: Rect) -> Rect {
    guard error == nil else { return content.dividedAtBottom(2).bottom }
    let width = min(content.width, 14)
    return Rect(
      x: content.maxX - width, y: content.minY, width: width, height: min(1, content.height))
  }

  /// Draws the badge (or the refresh error, when there is one) into `frame`.
  static func draw(error: Failure?, in canvas: inout Canvas, frame: Rect) {
    guard let error else {
      canvas.drawText(" ⟳ refreshing ", in: frame, alignment: .trailing, style: .reverse)
      return
    }
    let warning = Style(foreground: .red, attributes: .reverse)
    canvas.fill(frame, with: .blank(warning))
    let rows = frame.rows([.fixed(1), .fixed(1)])
    canvas.drawText(" ✖ \(error.headline)", in: rows[0], style: warning)
    canvas.drawText(" \(error.hint)", in: rows[1], style: warning)
  }
}
