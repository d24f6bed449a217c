import ScreenKit

/// A file's preview: a header with its name and size, then its text (scrollable, wrapped)
/// or, for binary, empty and special files, one line describing it instead of its bytes.
final class FilePreviewScreen: Screen {
  private(set) var preview: FilePreview
  private let text: TextScreen?

  /// Creates the screen for a loaded preview.
  init(preview: FilePreview) {
    self.preview = preview
    if case .text(let content, let truncated) = preview.content {
      text = TextScreen(text: FilePreviewScreen.displayText(content, truncated: truncated))
    } else {
      text = nil
    }
    super.init()
    if let text { addChild(text) }
  }

  /// The file's name, for the breadcrumb.
  override var title: String {
    get { preview.path.lastComponent }
    set { super.title = newValue }
  }

  /// Takes focus itself only when there is no text to scroll, so its container's keys work.
  override var canBecomeFocused: Bool { text == nil }

  /// Shows a newer preview of the same file.
  func update(preview: FilePreview) {
    self.preview = preview
    if case .text(let content, let truncated) = preview.content {
      text?.text = FilePreviewScreen.displayText(content, truncated: truncated)
    }
    setNeedsDisplay()
  }

  /// The text with a last line saying where the preview stops, when it stops early.
  private static func displayText(_ content: String, truncated: Bool) -> String {
    guard truncated else { return content }
    let separator = content.last?.isNewline == true ? "" : "\n"
    return content + separator + "[… preview ends at \(ByteCount.format(FilePreview.limit))]"
  }

  /// What the preview is, in one line: `binary file, 2048 bytes`.
  var summary: String {
    let size = "\(preview.size) bytes"
    switch preview.content {
    case .text(let content, let truncated):
      var lines = content.count { $0.isNewline }
      if let last = content.last, !last.isNewline { lines += 1 }
      let shown = truncated ? ", first \(ByteCount.format(FilePreview.limit)) shown" : ""
      return
        "text, \(lines) \(lines == 1 ? "line" : "lines"), \(ByteCount.format(preview.size))\(shown)"
    case .binary: return "binary file, \(size)"
    case .empty: return "empty file"
    case .special(let kind): return "\(kind), not previewed"
    }
  }

  /// The text goes under a two-row header.
  override func layoutChildren() {
    let header = bounds.height > 4 ? 2 : min(1, bounds.height)
    text?.frame = bounds.dividedAtTop(header).rest.inset(by: EdgeInsets(left: 1))
  }

  /// Draws the header, and the description when there is no text.
  override func draw(in canvas: inout Canvas) {
    let name = preview.path.lastComponent
    let x =
      1
      + canvas.drawText(
        name, at: Point(x: 1, y: 0), style: Style(foreground: .cyan, attributes: .bold),
        maxWidth: max(0, bounds.width - 2))
    canvas.drawText(
      " · \(summary)", in: Rect(x: x, y: 0, width: max(0, bounds.width - x - 1), height: 1),
      style: .dim)
    guard text == nil else { return }
    let middle = Rect(x: 0, y: bounds.height / 2, width: bounds.width, height: 1)
    canvas.drawText(summary, in: middle, alignment: .center, style: .bold)
  }
}
