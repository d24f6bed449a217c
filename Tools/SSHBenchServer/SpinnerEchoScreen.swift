import ScreenKit

/// The screen every benchmark session shows, the same as the Go program beside the load
/// generator draws: a braille spinner turning at ten frames a second on the first row, and the
/// last key pressed, eight times over, on the second (every cell of that run changes with a new
/// key, so the generator finds the echo whole in the bytes of one frame).
///
/// Written as a ScreenKit screen is meant to be: a change invalidates the cells it changes (the
/// glyph's cell on a spinner frame, the echo's row on a key), and the text drawn each frame is
/// made once, not per frame. NB: a key once invalidated the whole screen, and its frame (the
/// whole 80x24 grid cleared, drawn and diffed) was a fifth of the main thread's time at 1,000
/// sessions beside ten spinner frames (docs/serving.md, "Measured").
final class SpinnerEchoScreen: Screen {
  /// The spinner's frames: braille dots, which no escape sequence contains, so the generator
  /// counts the frames a client received by counting them.
  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  private let interval: Duration
  private var spinnerFrame = 0
  /// The second row: the last key, eight times over.
  private var echo = SpinnerEchoScreen.echo(of: "-")
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
    canvas.drawText(Self.frames[spinnerFrame % Self.frames.count], at: .zero)
    canvas.drawText("spinning; press keys, q quits", at: Point(x: 2, y: 0))
    canvas.drawText(echo, at: Point(x: 0, y: 1))
  }

  override func handle(_ key: Key) -> Bool {
    guard key != "q" else { return false }
    echo = Self.echo(of: key.description)
    setNeedsDisplay(in: Rect(x: 0, y: 1, width: bounds.width, height: 1))
    return true
  }

  private static func echo(of key: String) -> String {
    "key: " + String(repeating: key, count: 8)
  }
}
