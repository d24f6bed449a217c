public import ScreenKit

/// The load of a ``Loading`` screen, which the screen stores as ``Loading/screenLoad``: what a
/// protocol extension cannot hold itself.
///
/// It keeps the load's engine and state, the spinner's look, frame and ticker subscription, and
/// answers the loading keys. When the first load begins it attaches itself to its screen (a
/// `ScreenAttachment`), so the screen writes none of this: the screen can take focus; while the spinner or the error covers it, it draws instead
/// of the screen and takes its keys; otherwise the screen draws and handles keys first, then it
/// draws the refresh badge or a refresh error over the screen's own drawing
/// (under its children: the protocol adds no screen above them) and answers the keys the screen
/// left; and when the screen disappears, its load is cancelled. A load made with a ``LoadKey``
/// stops following the key when the screen disappears, and follows it again when it comes back.
@MainActor
public final class ScreenLoad<Value: Sendable> {
  /// The spinner: its look and label come from the ``LoadOptions`` of each load.
  var spinner: Spinner {
    get { animation.spinner }
    set { animation.spinner = newValue }
  }
  /// The engine of the current load, once one was started.
  package var runner: LoadRunner<Value>? { binding?.runner }
  /// The current load's tie to the screen.
  private(set) var binding: LoadBinding<Value>?
  /// Called after every state change.
  public var onStateChange: ((LoadState<Value>) -> Void)?
  private weak var screen: Screen?
  private let animation: SpinnerAnimation
  private var escapeCancels = false

  /// Creates the load of a screen; each load's ``LoadOptions`` give its spinner's look.
  public init() {
    self.animation = SpinnerAnimation(Spinner(style: .dots, label: "Loading…"))
  }

  /// The state of the current load; idle before the first.
  package var state: LoadState<Value> { runner?.state ?? .idle }

  /// Whether the spinner or the error covers the whole screen instead of its content.
  public var coversContent: Bool {
    guard let runner else { return false }
    if runner.isSpinnerVisible { return true }
    if case .failed(_, nil) = runner.state { return true }
    return false
  }

  /// The key whose value the screen shows, for a load made with a ``LoadKey``.
  package var shownKey: (any Hashable & Sendable)? { runner?.shownKey }

  /// Whether the screen shows the value of a key other than the key now.
  package var isStale: Bool { runner?.isStale ?? false }

  func begin(
    on screen: Screen, source: LoadSource<Value>, options: LoadOptions,
    cache: LoadCacheSlot<Value>?, configure: @escaping (Value) -> Void
  ) {
    begin(on: screen, options: options, configure: configure) { shown, _, arrival in
      LoadRunner(
        source: source, options: options, shown: shown, shownArrival: arrival, cache: cache)
    }
  }

  /// Loads the value of a key and follows the key's changes until the screen disappears, and
  /// again once it comes back.
  func begin(
    on screen: Screen, keying: LoadKeying<Value>, options: LoadOptions,
    configure: @escaping (Value) -> Void
  ) {
    begin(on: screen, options: options, configure: configure) { shown, shownKey, arrival in
      LoadRunner(
        keying: keying, options: options, shown: shown, shownKey: shownKey,
        shownArrival: arrival)
    }
  }

  private func begin(
    on screen: Screen, options: LoadOptions, configure: @escaping (Value) -> Void,
    makeRunner:
      (_ shown: Value?, _ shownKey: (any Hashable & Sendable)?, _ arrival: Duration?) ->
      LoadRunner<Value>
  ) {
    guard screen.stage != nil else { return }
    runner?.detach()
    let shown = runner?.state.value
    animation.stop()
    self.screen = screen
    spinner.style = options.spinner
    spinner.label = options.label
    escapeCancels = options.escapeCancels
    // NB: a value already shown stays while the new load runs, as a refresh: a screen that loads
    // in `didAppear` comes back to its content, not to a spinner.
    let runner = makeRunner(shown, runner?.shownKey, runner?.valueArrival)
    let binding = LoadBinding(runner, of: screen, firstLoad: .byScreen)
    self.binding = binding
    runner.onEvent = { [weak self] event in self?.react(to: event, configure: configure) }
    screen.attach(self)
    binding.begin()
  }

  /// Brings the screen in line with one step of the load.
  private func react(to event: LoadEvent<Value>, configure: (Value) -> Void) {
    if event.isSpinnerVisible, let screen {
      animation.start(in: screen)
    } else {
      animation.stop()
    }
    spinner.progress = event.progress
    screen?.setNeedsDisplay()
    if let value = event.value { configure(value) }
    if event.stateChanged {
      screen?.chromeDidChange()
      onStateChange?(event.state)
    }
  }

  /// Retries after a failure or refreshes loaded content.
  func reload() {
    binding?.reload()
  }

  /// Cancels the load in flight and stops the spinner.
  func cancel() {
    runner?.cancel()
    animation.stop()
  }
}

extension ScreenLoad: ScreenAttachment {
  /// The screen takes focus, so that the loading keys reach it.
  public var makesScreenFocusable: Bool { true }

  /// Draws the spinner or the error over the whole screen, in place of the screen's drawing.
  public func drawCovering(_ screen: Screen, in canvas: inout Canvas) {
    guard let runner else { return }
    if case .failed(let error, nil) = runner.state {
      ErrorScreen.drawError(ErrorScreen.message(for: error), in: &canvas, bounds: canvas.bounds)
    } else {
      animation.draw(in: &canvas, bounds: canvas.bounds)
    }
  }

  /// The focused element of what covers the screen: the error's `[r] Retry`, or the
  /// spinner's glyph.
  public func focusPoint(of screen: Screen) -> Point? {
    guard let runner else { return nil }
    if case .failed(let error, nil) = runner.state {
      return ErrorScreen.retryPoint(for: ErrorScreen.message(for: error), in: screen.bounds)
    }
    return animation.glyphRect(in: screen.bounds).origin
  }

  /// What covers the screen, in words: the error's alert, or the spinner's busy progress.
  public func semantics(of screen: Screen) -> Semantics? {
    guard let runner else { return nil }
    if case .failed(let error, nil) = runner.state {
      return ErrorScreen.semantics(for: ErrorScreen.message(for: error))
    }
    return spinner.semantics
  }

  /// Draws the refresh badge (top-right) or a refresh error (bottom rows) over the screen's
  /// drawing, under its children: the protocol owns no screen above them.
  public func drawOver(_ screen: Screen, in canvas: inout Canvas) {
    let error: RefreshBadge.Failure?
    switch runner?.state {
    case .refreshing: error = nil
    case .failed(let failure, _?): error = RefreshBadge.Failure(failure)
    default: return
    }
    RefreshBadge.draw(
      error: error, in: &canvas, frame: RefreshBadge.frame(error: error, over: canvas.bounds))
  }

  /// Retries on a click on the error's `[r] Retry` while the error covers the screen.
  public func handleMouse(_ event: MouseEvent, for screen: Screen) -> Bool {
    guard let runner, coversContent, case .failed(let error, nil) = runner.state, event.isClick,
      ErrorScreen.retryRect(for: ErrorScreen.message(for: error), in: screen.bounds)
        .contains(event.position)
    else { return false }
    reload()
    return true
  }

  /// Answers the loading keys as `LoadingKeyCommand` says, as a ``LoadingController`` does.
  public func handle(_ key: Key, for screen: Screen) -> Bool {
    guard let runner else { return false }
    switch LoadingKeyCommand(key: key, state: runner.state, escapeCancels: escapeCancels) {
    case .reload: reload()
    case .cancel: cancel()
    case .dismissError: runner.dismissError()
    case nil: return false
    }
    return true
  }

  /// Follows the key again, or reloads a value invalidated while the screen was away.
  public func screenDidAppear(_ screen: Screen) {
    // NB: a keyed load follows its key again, as a `LoadingController` does when it comes back;
    // one the screen's `didAppear` has just begun already does.
    binding?.screenDidAppear()
  }

  /// Pauses or resumes the refreshes on focus and on an interval, as the screen's presence says.
  public func screenPresenceDidChange(_ screen: Screen) {
    binding?.presenceDidChange()
  }

  /// Cancels the load and stops following the key.
  public func screenWillDisappear(_ screen: Screen) {
    binding?.screenWillDisappear()
    animation.stop()
  }
}
