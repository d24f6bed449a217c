import ScreenKit

/// The screen every benchmark session shows, the same as the Go program beside the load
/// generator draws: a braille spinner turning at ten frames a second on the first row, and the
/// last key pressed, eight times over, on the second (every cell of that run changes with a new
/// key, so the generator finds the echo whole in the bytes of one frame).
final class SpinnerEchoScreen: Screen {
  /// The spinner's frames: braille dots, which no escape sequence contains, so the generator
  /// counts the frames a client received by counting them.
  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  private let interval: Duration
  private var spinnerFrame = 0
  private var lastKey = "-"
  private var ticker: FrameTicker?

  init(interval: Duration) {
    self.interval = interval
    super.init()
  }

  override func didAppear() {
    guard ticker == nil, let stage else { return }
    let ticker = stage.ticker(interval: interval)
    self.ticker = ticker
    spinnerFrame = ticker.frame
    ticker.subscribe(self) { [weak self] frame in self?.advance(to: frame) }
  }

  override func willDisappear() {
    ticker?.unsubscribe(self)
    ticker = nil
  }

  private func advance(to frame: Int) {
    guard frame != spinnerFrame else { return }
    spinnerFrame = frame
    setNeedsDisplay(in: Rect(x: 0, y: 0, width: 1, height: 1))
  }

  override func draw(in canvas: inout Canvas) {
    let glyph = Self.frames[spinnerFrame % Self.frames.count]
    canvas.drawText("\(glyph) spinning; press keys, q quits", at: .zero)
    canvas.drawText("key: " + String(repeating: lastKey, count: 8), at: Point(x: 0, y: 1))
  }

  override func handle(_ key: Key) -> Bool {
    guard key != "q" else { return false }
    lastKey = key.description
    setNeedsDisplay()
    return true
  }
}
