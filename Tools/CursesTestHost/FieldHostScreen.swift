import ScreenKit

/// What `field` mode shows: a title row, then a text field with the prompt `> `, where the
/// terminal's cursor is; a status row under it counts the edits.
///
/// The field sits on the second row, so a test sees the cursor come down from the region's
/// top and go back up to it.
final class FieldHostScreen: Screen {
  let field = TextField(placeholder: "type here", prompt: "> ")
  private var edits = 0

  override init() {
    super.init()
    addChild(field)
    field.onChange = { [weak self] _ in
      guard let self else { return }
      edits += 1
      setNeedsDisplay(in: Rect(x: 0, y: 2, width: frame.width, height: 1))
    }
  }

  override func layoutChildren() {
    field.frame = Rect(x: 0, y: 1, width: frame.width, height: 1)
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("FIELD-HOST", at: .zero)
    canvas.drawText("edits=\(edits)", at: Point(x: 0, y: 2))
  }
}
