import ScreenKit

/// The content the pane's `LoadingController` builds once its value arrives: a spinner and a
/// counter driven by the stage's scheduler, and the last key it was given, to show that time,
/// keys and drawing all reach an embedded screen.
final class TickerScreen: Screen {
  private let greeting: String
  private var tick = 0
  private var lastKey: Key?
  private var interval: Duration = .milliseconds(80)
  private var timer: Scheduler.Timer?

  /// Creates the screen showing `greeting`, the loaded value.
  init(greeting: String) {
    self.greeting = greeting
    super.init()
  }

  override var canBecomeFocused: Bool { true }

  override func didAppear() {
    scheduleTick()
  }

  override func willDisappear() {
    if let timer { stage?.scheduler.cancel(timer) }
    timer = nil
  }

  override func handle(_ key: Key) -> Bool {
    switch key {
    case "+": interval = max(.milliseconds(20), interval / 2)
    case "-": interval = min(.seconds(2), interval * 2)
    case "q": return false
    default: break
    }
    lastKey = key
    setNeedsDisplay()
    return true
  }

  private func scheduleTick() {
    timer = stage?.scheduler.schedule(after: interval) { [weak self] in
      guard let self else { return }
      tick += 1
      setNeedsDisplay()
      scheduleTick()
    }
  }

  override func draw(in canvas: inout Canvas) {
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    canvas.fill(Rect(x: 0, y: 0, width: canvas.size.width, height: 1), with: .blank(.reverse))
    canvas.drawText(" \(greeting) ", at: Point(x: 0, y: 0), style: .reverse)
    canvas.drawText(
      "\(frames[tick % frames.count]) working… tick \(tick)", at: Point(x: 2, y: 2),
      style: Style(foreground: .cyan, attributes: .bold))
    canvas.drawText("every \(interval)  (+ faster, - slower)", at: Point(x: 2, y: 3), style: .dim)
    canvas.drawText(
      "last key: \(lastKey.map(\.description) ?? "none")", at: Point(x: 2, y: 5),
      style: Style(foreground: .indexed(208)))
  }
}
