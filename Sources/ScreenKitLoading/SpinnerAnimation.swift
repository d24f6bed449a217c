import ScreenKit

/// A spinner drawn by a screen, and its turning: while running, it follows its stage's shared
/// `FrameTicker` and redraws only the spinner's cells of the screen each frame.
///
/// The one way a spinner turns, for ``SpinnerScreen`` and for a `Loading` screen's loader.
@MainActor
final class SpinnerAnimation {
  /// What is drawn: style, label, progress and the current frame.
  var spinner: Spinner
  private weak var screen: Screen?
  /// The ticker followed while running.
  private var ticker: FrameTicker?

  init(_ spinner: Spinner) {
    self.spinner = spinner
  }

  /// Starts turning the spinner drawn in `screen`, from the frame of the moment; does nothing
  /// while it runs, or when the screen is on no stage.
  func start(in screen: Screen) {
    guard ticker == nil, let stage = screen.stage else { return }
    self.screen = screen
    spinner.isLeading = screen.environment.presentation != .fullScreen
    let ticker = stage.ticker(interval: spinner.style.frameInterval)
    self.ticker = ticker
    spinner.frameIndex = ticker.frame % spinner.style.frames.count
    ticker.subscribe(self) { [weak self] frame in self?.advance(to: frame) }
  }

  /// Stops turning: a spinner that is not on screen costs nothing.
  func stop() {
    ticker?.unsubscribe(self)
    ticker = nil
  }

  /// Draws the spinner in `bounds` of `canvas`, as ``Spinner/draw(in:bounds:)`` does.
  func draw(in canvas: inout Canvas, bounds: Rect) {
    Self.draw(&spinner, in: &canvas, bounds: bounds)
  }

  /// Where the spinner's frame is drawn in `bounds`, as ``Spinner/glyphRect(in:)`` says.
  func glyphRect(in bounds: Rect) -> Rect {
    Self.glyphRect(of: &spinner, in: bounds)
  }

  private func advance(to frame: Int) {
    let index = frame % spinner.style.frames.count
    guard index != spinner.frameIndex, let screen else { return }
    spinner.frameIndex = index
    screen.setNeedsDisplay(in: glyphRect(in: screen.bounds))
  }

  // NB: the spinner is handed over in place (`inout`): calling a method on a class's stored
  // struct copies it first (its label, frames and progress retained, then released), twice
  // a frame, which was 1.4 % of an inline spinner frame (`.ci/frame-budget --inline`).
  private static func draw(_ spinner: inout Spinner, in canvas: inout Canvas, bounds: Rect) {
    spinner.draw(in: &canvas, bounds: bounds)
  }

  private static func glyphRect(of spinner: inout Spinner, in bounds: Rect) -> Rect {
    spinner.glyphRect(in: bounds)
  }
}
