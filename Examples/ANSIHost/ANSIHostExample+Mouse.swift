import ScreenKit
import ScreenKitTerminal

extension ANSIHostExample {
  /// Hands a mouse event to the pane at `origin`, in the pane's own coordinates; outside the
  /// pane the terminal is the program's, which answers a click itself.
  static func route(
    _ mouse: MouseEvent, to host: ScreenHost, at origin: Point, _ terminal: ANSITerminal
  ) {
    var mouse = mouse
    mouse.position = mouse.position.offsetBy(dx: -origin.x, dy: -origin.y)
    if Rect(size: host.size).contains(mouse.position) {
      host.handle(.mouse(mouse))
    } else if mouse.isClick {
      terminal.write("\u{1B}[7;2HClicked outside the pane")
    }
  }
}
