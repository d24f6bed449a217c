import ScreenKit

/// A screen for the terminal tests: a fixed line of text, in `spinner` mode a counter advanced
/// by a scheduler timer, so the child has something live to draw, and in `flood` mode every
/// cell changing on every tick, so frames are large.
final class TestHostScreen: Screen {
  /// What the screen draws.
  enum Mode: String {
    case idle, spinner, flood
  }

  private let mode: Mode
  private let interval: Duration
  private var tick = 0
  private var timer: Scheduler.Timer?

  /// Creates the screen; unless idle, a timer every `interval` redraws it once it appears.
  init(mode: Mode, interval: Duration) {
    self.mode = mode
    self.interval = interval
    super.init()
  }

  override func didAppear() {
    if mode != .idle { scheduleTick() }
  }

  override func willDisappear() {
    if let timer { stage?.scheduler.cancel(timer) }
    timer = nil
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
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if mode == .flood {
      for y in 1..<canvas.size.height {
        let row = (0..<canvas.size.width).map { letters[($0 + y + tick) % letters.count] }
        canvas.drawText(String(row), at: Point(x: 0, y: y))
      }
    }
    canvas.drawText("READY 漢字", at: Point(x: 0, y: 0), style: .bold)
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    if mode == .spinner {
      canvas.drawText(
        "\(frames[tick % frames.count]) tick \(tick)", at: Point(x: 0, y: 1),
        style: Style(foreground: .cyan))
    }
    let handled = handledSignal.load(ordering: .relaxed)
    if handled != 0 {
      canvas.drawText("handled \(handled)", at: Point(x: 0, y: 2))
    }
  }
}
