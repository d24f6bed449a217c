import ScreenKit

/// A screen for the terminal tests: a fixed line of text, and in `spinner` mode a counter
/// advanced by a scheduler timer, so the child has something live to draw.
final class TestHostScreen: Screen {
  private let animates: Bool
  private let interval: Duration
  private var tick = 0
  private var timer: Scheduler.Timer?

  /// Creates the screen; `animates` starts a timer every `interval` once it appears.
  init(animates: Bool, interval: Duration) {
    self.animates = animates
    self.interval = interval
    super.init()
  }

  override func didAppear() {
    if animates { scheduleTick() }
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
    canvas.drawText("READY 漢字", at: Point(x: 0, y: 0), style: .bold)
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    if animates {
      canvas.drawText(
        "\(frames[tick % frames.count]) tick \(tick)", at: Point(x: 0, y: 1),
        style: Style(foreground: .cyan))
    }
  }
}
