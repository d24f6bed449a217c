import ScreenKit

/// A screen for the terminal tests: a fixed line of text, in `spinner` mode a counter advanced
/// by a scheduler timer, so the child has something live to draw, and in `flood` mode every
/// cell changing letter and colour on every tick, so frames are large.
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
      // NB: a colour of its own per cell, so one frame outgrows a pty's buffer (about 20 KiB).
      for y in 1..<canvas.size.height {
        for x in 0..<canvas.size.width {
          let shift = x + y + tick
          let color = Color.indexed(UInt8(16 + shift % 216))
          _ = canvas.put(
            letters[shift % letters.count], at: Point(x: x, y: y), style: Style(foreground: color))
        }
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
