/// The small indicator a loading container draws over its content while it refreshes, or the
/// dismissable message when a refresh failed.
final class RefreshBadge: Screen {
  var error: String? {
    didSet { setNeedsDisplay() }
  }

  override init() {
    super.init()
    name = "RefreshBadge"
  }

  override func draw(in canvas: inout Canvas) {
    guard let error else {
      canvas.drawText(
        " ⟳ refreshing ", in: bounds, alignment: .trailing, style: .reverse)
      return
    }
    let warning = Style(foreground: .red, attributes: .reverse)
    canvas.fill(bounds, with: .blank(warning))
    canvas.drawText(
      " ✖ refresh failed: \(error)", in: Rect(x: 0, y: 0, width: bounds.width, height: 1),
      style: warning)
    canvas.drawText(
      " r retry · Esc dismiss", in: Rect(x: 0, y: 1, width: bounds.width, height: 1),
      style: warning)
  }
}
