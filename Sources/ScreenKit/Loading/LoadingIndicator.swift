/// The stored part of a ``Loading`` screen: what a protocol extension cannot hold itself.
///
/// It keeps the load's state and engine, the spinner's frame and its ticker subscription, and
/// draws the spinner, the error, or the refresh badge into its screen's own canvas, since the
/// protocol adds no screen to the hierarchy.
@MainActor
public final class LoadingIndicator<Value: Sendable> {
  /// The spinner's look and label.
  public var spinner: SpinnerView
  /// The engine of the current load, once one was started.
  public private(set) var runner: LoadRunner<Value>?
  /// Called after every state change.
  public var onStateChange: ((LoadingState<Value>) -> Void)?
  private weak var screen: Screen?
  private var isTicking = false

  /// Creates an indicator with a spinner style and label.
  public init(style: SpinnerStyle = .dots, label: String = "Loading…") {
    self.spinner = SpinnerView(style: style, label: label)
  }

  /// The state of the current load; idle before the first.
  public var state: LoadingState<Value> { runner?.state ?? .idle }

  /// Whether the indicator covers the whole screen (spinner or error) instead of content.
  public var coversContent: Bool {
    guard let runner else { return false }
    if runner.isSpinnerVisible { return true }
    if case .failed(_, nil) = runner.state { return true }
    return false
  }

  func begin(
    on screen: Screen, source: LoadSource<Value>, options: LoadingOptions,
    configure: @escaping (Value) -> Void
  ) {
    guard let scheduler = screen.stage?.scheduler else { return }
    runner?.cancel()
    stopTicking()
    self.screen = screen
    spinner.style = options.spinner
    spinner.label = options.label
    let runner = LoadRunner(source: source, options: options)
    self.runner = runner
    runner.onValue = configure
    runner.onStateChange = { [weak self, weak screen] state in
      screen?.setNeedsDisplay()
      screen?.chromeDidChange()
      self?.onStateChange?(state)
    }
    runner.onSpinnerVisibilityChange = { [weak self, weak screen] visible in
      visible ? self?.startTicking() : self?.stopTicking()
      screen?.setNeedsDisplay()
    }
    runner.onProgress = { [weak self, weak screen] progress in
      self?.spinner.progress = progress
      screen?.setNeedsDisplay()
    }
    runner.start(on: scheduler)
  }

  /// Retries after a failure or refreshes loaded content.
  public func reload() {
    guard let runner, let scheduler = screen?.stage?.scheduler else { return }
    runner.start(on: scheduler)
  }

  /// Cancels the load in flight and stops the spinner.
  public func cancel() {
    runner?.cancel()
    stopTicking()
  }

  /// Draws the spinner or the error over the whole screen and returns whether it did.
  ///
  /// Call it first in `draw(in:)`; when it returns `true` the screen draws nothing else.
  public func draw(in canvas: inout Canvas) -> Bool {
    guard let runner, coversContent else { return false }
    if case .failed(let error, nil) = runner.state {
      ErrorScreen.drawError(ErrorScreen.message(for: error), in: &canvas, bounds: canvas.bounds)
    } else {
      spinner.draw(in: &canvas, bounds: canvas.bounds)
    }
    return true
  }

  /// Draws the refresh badge (top-right) or a refresh error (bottom rows); call it last in
  /// `draw(in:)`.
  ///
  /// It draws under the screen's children: the protocol owns no screen above them.
  public func drawOverlay(in canvas: inout Canvas) {
    guard let runner else { return }
    switch runner.state {
    case .refreshing:
      let width = min(14, canvas.bounds.width)
      canvas.drawText(
        " ⟳ refreshing ",
        in: Rect(x: canvas.bounds.maxX - width, y: 0, width: width, height: 1),
        alignment: .trailing, style: .reverse)
    case .failed(let error, _?):
      let warning = Style(foreground: .red, attributes: .reverse)
      let banner = canvas.bounds.dividedAtBottom(2).bottom
      canvas.fill(banner, with: .blank(warning))
      let rows = banner.rows([.fixed(1), .fixed(1)])
      canvas.drawText(
        " ✖ refresh failed: \(ErrorScreen.message(for: error))", in: rows[0], style: warning)
      canvas.drawText(" r retry · Esc dismiss", in: rows[1], style: warning)
    default:
      break
    }
  }

  /// Handles r/Enter (retry) after a failure, r (refresh) when loaded, Esc on a refresh error.
  public func handle(_ key: Key) -> Bool {
    guard let runner else { return false }
    switch (key, runner.state) {
    case (.character("r"), .failed), (.enter, .failed(_, nil)), (.character("r"), .loaded):
      reload()
      return true
    case (.escape, .failed(_, _?)):
      runner.dismissError()
      return true
    default:
      return false
    }
  }

  private func startTicking() {
    guard !isTicking, let screen, let stage = screen.stage else { return }
    isTicking = true
    let ticker = stage.ticker(interval: spinner.style.frameInterval)
    spinner.frameIndex = ticker.frame % spinner.style.frames.count
    ticker.subscribe(self) { [weak self] frame in self?.advance(to: frame) }
  }

  private func stopTicking() {
    guard isTicking else { return }
    isTicking = false
    screen?.stage?.ticker(interval: spinner.style.frameInterval).unsubscribe(self)
  }

  private func advance(to frame: Int) {
    let index = frame % spinner.style.frames.count
    guard index != spinner.frameIndex, let screen else { return }
    spinner.frameIndex = index
    screen.setNeedsDisplay(in: spinner.glyphRect(in: screen.bounds))
  }
}
