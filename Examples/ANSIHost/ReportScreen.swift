import ScreenKit
import ScreenKitLoading

/// The screen the pane shows once the fake load is done.
final class ReportScreen: Screen {
  let load: Int
  init(load: Int) {
    self.load = load
    super.init()
  }

  override func draw(in canvas: inout Canvas) {
    // NB: words, not digits: the host writes only the cells that changed, and every letter
    // of "one" differs from "two", so a reload shows up whole on the terminal.
    let names = ["zero", "one", "two", "three"]
    let name = load < names.count ? names[load] : "\(load)"
    canvas.drawText("Report from load \(name)", at: Point(x: 1, y: 1), style: .bold)
    canvas.drawText("Pane \(bounds.size.width)x\(bounds.size.height)", at: Point(x: 1, y: 3))
    canvas.drawText("[ Reload ]", at: Point(x: 1, y: 5), style: .reverse)
  }

  /// A click on Reload loads the pane again through the controller that built this screen.
  override func handleMouse(_ event: MouseEvent) -> Bool {
    guard event.isClick, event.position.y == 5, (1..<11).contains(event.position.x) else {
      return false
    }
    (parent as? LoadingController<Int>)?.reload()
    return true
  }
}
