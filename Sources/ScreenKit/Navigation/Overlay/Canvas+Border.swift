extension Canvas {
  /// Draws a single-line box around the edge of a local rectangle, with `title` in the top
  /// border; rectangles smaller than 2x2 get no box.
  mutating func drawBorder(_ rect: Rect, title: String = "", style: Style = .plain) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let horizontal = String(repeating: "─", count: rect.width - 2)
    drawText("┌" + horizontal + "┐", at: rect.origin, style: style)
    drawText("└" + horizontal + "┘", at: Point(x: rect.minX, y: rect.maxY - 1), style: style)
    for y in (rect.minY + 1)..<(rect.maxY - 1) {
      put("│", at: Point(x: rect.minX, y: y), style: style)
      put("│", at: Point(x: rect.maxX - 1, y: y), style: style)
    }
    // NB: `┌─ Title ─┐` needs the two corners, a rule each side and a space each side.
    guard !title.isEmpty, rect.width >= 7 else { return }
    let label = " " + title.truncated(toWidth: rect.width - 6) + " "
    drawText(label, at: Point(x: rect.minX + 2, y: rect.minY), style: style.adding(.bold))
  }
}
