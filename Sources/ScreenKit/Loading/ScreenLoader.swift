/// The loading state a ``Loading`` screen stores: what a protocol extension cannot hold itself.
///
/// It keeps the load's engine and state, the spinner's look, frame and ticker subscription, and
/// answers the loading keys. The core consults it for its screen, so the screen writes none of
/// this: the screen can take focus; while the spinner or the error covers it, the loader draws
/// instead of the screen and takes its keys; otherwise the screen draws and handles keys first,
/// then the loader draws the refresh badge or a refresh error over the screen's own drawing
/// (under its children: the protocol adds no screen above them) and answers the keys the screen
/// left; and when the screen disappears, its load is cancelled.
@MainActor
public final class ScreenLoader<Value: Sendable> {
  /// The spinner's look and label.
  public var spinner: SpinnerView
  /// The engine of the current load, once one was started.
  package private(set) var runner: LoadRunner<Value>?
  /// Called after every state change.
  public var onStateChange: ((LoadingState<Value>) -> Void)?
  private weak var screen: Screen?
  private var isTicking = false
  private var escapeCancels = false

  /// Creates a loader with a spinner style and label; ``LoadingOptions`` given to `load`
  /// replace them.
  public init(style: SpinnerStyle = .dots, label: String = "Loading…") {
    self.spinner = SpinnerView(style: style, label: label)
  }

  /// The state of the current load; idle before the first.
  public var state: LoadingState<Value> { runner?.state ?? .idle }

  /// Whether the spinner or the error covers the whole screen instead of its content.
  public var coversContent: Bool {
    guard let runner else { return false }
    if runner.isSpinnerVisible { return true }
    if case .failed(_, nil) = runner.state { return true }
    return false
  }

  func begin(
    on screen: Screen, source: LoadSource<Value>, options: LoadingOptions,
    cache: LoadCacheSlot<Value>?, configure: @escaping (Value) -> Void
  ) {
    guard let scheduler = screen.stage?.scheduler else { return }
    runner?.cancel()
    let shown = runner?.state.value
    stopTicking()
    self.screen = screen
    spinner.style = options.spinner
    spinner.label = options.label
    escapeCancels = options.escapeCancels
    // NB: a value already shown stays while the new load runs, as a refresh: a screen that loads
    // in `didAppear` comes back to its content, not to a spinner.
    let runner = LoadRunner(source: source, options: options, shown: shown, cache: cache)
    self.runner = runner
    runner.onEvent = { [weak self] event in self?.react(to: event, configure: configure) }
    runner.start(on: scheduler)
  }

  /// Brings the screen in line with one step of the load.
  private func react(to event: LoadEvent<Value>, configure: (Value) -> Void) {
    event.isSpinnerVisible ? startTicking() : stopTicking()
    spinner.progress = event.progress
    screen?.setNeedsDisplay()
    if let value = event.value { configure(value) }
    if event.stateChanged {
      screen?.chromeDidChange()
      onStateChange?(event.state)
    }
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
  /// The core calls it before the screen's `draw(in:)`, which it skips when this returns
  /// `true`.
  public func draw(in canvas: inout Canvas) -> Bool {
    guard let runner, coversContent else { return false }
    if case .failed(let error, nil) = runner.state {
      ErrorScreen.drawError(ErrorScreen.message(for: error), in: &canvas, bounds: canvas.bounds)
    } else {
      spinner.draw(in: &canvas, bounds: canvas.bounds)
    }
    return true
  }

  /// Draws the refresh badge (top-right) or a refresh error (bottom rows).
  ///
  /// The core calls it after the screen's `draw(in:)`. It draws under the screen's children:
  /// the protocol owns no screen above them.
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

  /// Retries on a click on the error's `[r] Retry` while the error covers the screen.
  ///
  /// The core calls it for the screen, with the position in the screen's coordinates.
  public func handleMouse(_ event: MouseEvent, in bounds: Rect) -> Bool {
    guard let runner, coversContent, case .failed(let error, nil) = runner.state, event.isClick,
      ErrorScreen.retryRect(for: ErrorScreen.message(for: error), in: bounds)
        .contains(event.position)
    else { return false }
    reload()
    return true
  }

  /// Handles r/Enter (retry) after a failure, r (refresh) when loaded, Esc on a refresh error,
  /// and Esc while loading when ``LoadingOptions/escapeCancels`` is set.
  ///
  /// The core calls it for the screen; a screen calls it only to answer these keys elsewhere.
  public func handle(_ key: Key) -> Bool {
    guard let runner else { return false }
    switch (key, runner.state) {
    case (.character("r"), .failed), (.enter, .failed(_, nil)), (.character("r"), .loaded):
      reload()
      return true
    case (.escape, .failed(_, _?)):
      runner.dismissError()
      return true
    case (.escape, .loading) where escapeCancels:
      cancel()
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

extension ScreenLoader: AttachedLoader {
  func screenWillDisappear() {
    cancel()
  }
}
