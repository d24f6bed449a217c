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

  private func advance(to frame: Int) {
    let index = frame % spinner.style.frames.count
    guard index != spinner.frameIndex, let screen else { return }
    spinner.frameIndex = index
    screen.setNeedsDisplay(in: spinner.glyphRect(in: screen.bounds))
  }
}
