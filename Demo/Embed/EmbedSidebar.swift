import CNCurses
import ScreenKit

/// The host program's own sidebar, drawn with plain ncurses calls: what the program knows of
/// the hosted pane (its state, the selected and opened episode, frames drawn, the last key).
@MainActor
final class EmbedSidebar {
  /// The pane's `LoadState`, as reported by the controller.
  var paneState = "idle" { didSet { needsFrame = true } }
  /// The title of the selected row, as the hosted list reports it.
  var selected = "–" { didSet { needsFrame = true } }
  /// The title of the last episode opened with Enter.
  var opened = "–" { didSet { needsFrame = true } }
  /// Who handled the last key.
  var lastKey = "–" { didSet { needsFrame = true } }
  /// The frames the pane has drawn.
  var frames = 0 { didSet { needsFrame = true } }
  /// Whether the sidebar must be drawn again.
  var needsFrame = true

  private let window: UnsafeMutablePointer<WINDOW>
  private let width: Int32

  /// Creates the sidebar in the first `width` columns of `window`.
  init(window: UnsafeMutablePointer<WINDOW>, width: Int32) {
    self.window = window
    self.width = width
  }

  /// Draws the sidebar with `mvwaddstr`, every line padded to clear what was there.
  func draw() {
    needsFrame = false
    let text = Int(width) - 3
    let about =
      "Plain ncurses draws this column; the pane is a ScreenKit LoadingController in an EmbeddedHost."
    var lines: [(String, attr_t)] = [("ncurses host program", sk_a_bold()), ("", sk_a_normal())]
    lines += about.wrapped(toWidth: text).map { ($0, sk_a_dim()) }
    lines += [
      ("", sk_a_normal()),
      ("pane state", sk_a_bold()),
      ("  \(paneState)", sk_a_normal()),
      ("selected", sk_a_bold()),
      ("  \(selected)", sk_a_normal()),
      ("opened (Enter)", sk_a_bold()),
      ("  \(opened)", sk_a_normal()),
      ("last key", sk_a_bold()),
      ("  \(lastKey)", sk_a_normal()),
      ("pane frames", sk_a_bold()),
      ("  \(frames)", sk_a_normal()),
    ]
    let footer = ["↑↓ move · Enter open", "r refresh · q quit"]
    let rows = sk_lines()
    for row in 0..<rows {
      var line = ""
      var attributes = sk_a_normal()
      if Int(row) < lines.count {
        (line, attributes) = lines[Int(row)]
      } else if Int(row) >= Int(rows) - footer.count {
        (line, attributes) = (footer[Int(row) - Int(rows) + footer.count], sk_a_dim())
      }
      wattr_on(window, attributes, nil)
      mvwaddstr(window, row, 1, line.truncated(toWidth: text).padded(toWidth: text))
      wattr_off(window, attributes, nil)
      mvwaddstr(window, row, width - 1, "│")
    }
  }
}
