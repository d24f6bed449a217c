public import ScreenKit

/// A container screen that loads a value and shows a screen built from it, in the manner of
/// Swift Talk's loading view controller.
///
/// It shows nothing for ``LoadOptions/showDelay``, then a spinner (or a custom loading
/// screen) until the value arrives; then it builds the content once with `build` and mounts it
/// as its child. Failures show an ``ErrorScreen`` with Retry. A refresh (the `r` key, or
/// ``RefreshAction`` from the environment of any descendant) keeps the content visible with a
/// small indicator and `update`s it in place when an `update` closure is given. When the
/// controller leaves the screen, the load is cancelled before its children disappear, and a
/// late result builds nothing. The title and key hints are the content's.
///
/// Made with a ``LoadKey``, it loads the key's value and follows its changes while it is on
/// screen: after ``LoadOptions/debounce`` it cancels the load in flight and loads the new value,
/// showing the previous content under the refresh badge (``isStale``) until the new value
/// arrives; a result for a key that is no longer current is never shown.
///
/// ```swift
/// let episodes = LoadingController(load: { try await catalogue.episodes() }) { episodes in
///   EpisodeList(episodes)
/// }
/// navigation.push(episodes)
/// ```
public final class LoadingController<Value: Sendable>: Screen {
  /// The load engine.
  package var runner: LoadRunner<Value> { binding.runner }
  /// The load's tie to this screen.
  private var binding: LoadBinding<Value>
  /// The options this controller was made with.
  public let options: LoadOptions
  /// Called after every state change, for tests and embedding hosts.
  public var onStateChange: ((LoadState<Value>) -> Void)?
  /// The mounted content, once a value arrived.
  public internal(set) var content: Screen?
  /// The spinner or custom loading screen while it is shown.
  public internal(set) var loadingScreen: Screen?
  /// The error screen while a load without content failed.
  public internal(set) var errorScreen: ErrorScreen?

  // NB: internal, not private: the children are managed in LoadingController+Children.swift.
  let build: (Value) -> Screen
  let update: ((Screen, Value) -> Void)?
  let makeLoadingScreen: (() -> Screen)?
  var refreshBadge: RefreshBadge?

  /// Creates a controller whose `load` is an async function, cancelled with its task; `build`
  /// makes the content from the value, and `update`, when given, shows later values in it.
  ///
  /// With a `cache` slot the value is kept in the cache: a fresh cached value is shown at once
  /// and revalidated under the refresh badge, and controllers loading the same key at the same
  /// time share one load (see ``LoadCache``). `loadingScreen` replaces the spinner.
  public convenience init<Content: Screen>(
    load: @escaping @Sendable () async throws -> Value, cache: LoadCacheSlot<Value>? = nil,
    options: LoadOptions = LoadOptions(), loadingScreen: (() -> Screen)? = nil,
    build: @escaping (Value) -> Content, update: ((Content, Value) -> Void)? = nil
  ) {
    self.init(
      source: .async { _ in try await load() }, cache: cache, options: options,
      loadingScreen: loadingScreen, build: build, update: update)
  }

  /// Creates a controller over any ``LoadSource``: Swift Talk's callback, an async function
  /// that reports progress, or a stream of values; the other arguments are as for
  /// ``init(load:cache:options:loadingScreen:build:update:)``.
  public convenience init<Content: Screen>(
    source: LoadSource<Value>, cache: LoadCacheSlot<Value>? = nil,
    options: LoadOptions = LoadOptions(), loadingScreen: (() -> Screen)? = nil,
    build: @escaping (Value) -> Content, update: ((Content, Value) -> Void)? = nil
  ) {
    self.init(
      runner: LoadRunner(source: source, options: options, cache: cache), options: options,
      loadingScreen: loadingScreen, build: build, update: update)
  }

  /// Creates a controller that loads the value of `key` with `load` and follows the key's
  /// changes while it is on screen.
  ///
  /// The first load starts when the controller appears. After a change, the controller waits
  /// out ``LoadOptions/debounce`` (each change waits anew), cancels the load in flight, and
  /// loads the new value; the content shows the previous value under the refresh badge until
  /// the new one arrives, and a failure keeps it and shows the refresh error. With a `cache`,
  /// a value it holds for the new key shows at once and is revalidated. Going back to the key
  /// whose value is shown, before the debounce ends, shows it as current again. Leaving the
  /// screen cancels the load and a pending change; coming back loads the key if it changed.
  public convenience init<Key: Hashable & Sendable, Content: Screen>(
    key: LoadKey<Key>, cache: LoadCache<Key, Value>? = nil,
    options: LoadOptions = LoadOptions(), loadingScreen: (() -> Screen)? = nil,
    load: @escaping @Sendable (Key) async throws -> Value,
    build: @escaping (Value) -> Content, update: ((Content, Value) -> Void)? = nil
  ) {
    self.init(
      key: key, cache: cache, options: options, loadingScreen: loadingScreen,
      source: { key in .async { _ in try await load(key) } }, build: build, update: update)
  }

  /// Creates a controller that follows `key` as
  /// ``init(key:cache:options:loadingScreen:load:build:update:)`` does, loading each value
  /// through the ``LoadSource`` that `source` makes for it.
  ///
  /// `source` is called when a load of a key starts (each retry and refresh too), never for a
  /// key passed over while the debounce waits, nor for one a cache shows fresh.
  public convenience init<Key: Hashable & Sendable, Content: Screen>(
    key: LoadKey<Key>, cache: LoadCache<Key, Value>? = nil,
    options: LoadOptions = LoadOptions(), loadingScreen: (() -> Screen)? = nil,
    source: @escaping @MainActor (Key) -> LoadSource<Value>,
    build: @escaping (Value) -> Content, update: ((Content, Value) -> Void)? = nil
  ) {
    let keying = LoadKeying(key: key, cache: cache, source: source)
    self.init(
      runner: LoadRunner(keying: keying, options: options), options: options,
      loadingScreen: loadingScreen, build: build, update: update)
  }

  private init<Content: Screen>(
    runner: LoadRunner<Value>, options: LoadOptions, loadingScreen: (() -> Screen)?,
    build: @escaping (Value) -> Content, update: ((Content, Value) -> Void)?
  ) {
    self.binding = LoadBinding(runner, firstLoad: .onAppear)
    self.options = options
    self.build = build
    self.update = update.map { update in
      { screen, value in if let content = screen as? Content { update(content, value) } }
    }
    self.makeLoadingScreen = loadingScreen
    super.init()
    binding.screen = self
    name = "LoadingController"
    runner.onEvent = { [weak self] event in self?.react(to: event) }
    setEnvironment(\.refresh, RefreshAction { [weak self] in await self?.refresh() })
  }

  /// The state of the load; idle before the first.
  public var loadState: LoadState<Value> { runner.state }

  /// For a controller made with a ``LoadKey``, the key whose value the content shows; `nil`
  /// before the first value.
  public var shownKey: (any Hashable & Sendable)? { runner.shownKey }

  /// Whether the content shows the value of a key other than the key now.
  ///
  /// It is true from a change of the key until the new value arrives (or the key goes back).
  /// While the controller is on screen, each change of it is a change of ``loadState`` too, so
  /// ``onStateChange`` is the place to dim stale content.
  public var isStale: Bool { runner.isStale }

  /// Loads again after a failure, or refreshes loaded content; a load in flight goes on.
  public func reload() {
    binding.reload()
  }

  /// Starts (or joins) a refresh and returns when it ends.
  public func refresh() async {
    await binding.refresh()
  }

  /// The value of the key now, rather than the value shown, which may be an older key's
  /// (``isStale``): what an action on the value, such as Enter on a search result, acts on.
  ///
  /// It returns at once when the value shown is the key's now. Otherwise it loads the key: a
  /// change waiting out ``LoadOptions/debounce`` loads at once, a load of the key in flight goes
  /// on, one that failed is tried again; and it returns once the value is shown. A change of
  /// the key meanwhile is waited for in turn. Without a key, it is the value, once loaded.
  ///
  /// It throws the load's error when it fails, and `CancellationError` when the load is
  /// cancelled, the controller leaves the screen (or is not on it), or the calling task is
  /// cancelled.
  ///
  /// ```swift
  /// field.onSubmit = { _ in
  ///   Task {
  ///     guard let episodes = try? await results.valueForCurrentKey() else { return }
  ///     open(episodes.first)
  ///   }
  /// }
  /// ```
  public func valueForCurrentKey() async throws -> Value {
    try await binding.valueForCurrentKey()
  }

  /// Cancels the load in flight, as Esc does with ``LoadOptions/escapeCancels``.
  public func cancelLoad() {
    runner.cancel()
  }

  // MARK: Lifecycle

  /// Starts the first load, or a new one after a cancelled load, when the controller appears;
  /// with a ``LoadKey``, follows the key from now on, and loads it if it changed meanwhile.
  public override func didAppear() {
    binding.screenDidAppear()
  }

  /// Cancels the load in flight (and stops following the key) before the children disappear.
  public override func willDisappear() {
    binding.screenWillDisappear()
  }

  /// Pauses or resumes the load's refreshes on focus and on an interval, as the controller's
  /// presence says.
  public override func presenceDidChange() {
    binding.presenceDidChange()
  }

  // MARK: Chrome

  /// The content's title; "Loading…" or "Error" before there is content.
  public override var title: String {
    get {
      if let content { return content.title }
      if errorScreen != nil { return "Error" }
      return super.title.isEmpty ? options.label : super.title
    }
    set { super.title = newValue }
  }

  /// The content's key hints plus refresh; the error screen's after a failure.
  public override var keyHints: [KeyHint] {
    get {
      if let content { return content.keyHints + [KeyHint("r", "refresh")] }
      if let errorScreen { return errorScreen.keyHints }
      return options.escapeCancels ? [KeyHint(.escape, "cancel")] : []
    }
    set { super.keyHints = newValue }
  }

  // MARK: Keys

  /// The focus point of what it shows while it has focus itself: the spinner's glyph, or the
  /// top-left of content that takes no focus.
  public override var focusPoint: Point? {
    guard let shown = loadingScreen ?? content else { return nil }
    let local = shown.focusPoint ?? .zero
    return Point(x: shown.frame.minX + local.x, y: shown.frame.minY + local.y)
  }

  /// The semantics of what it shows while it has focus itself: the spinner's busy progress
  /// (busy from the start of the load, before the spinner shows), or content that takes no
  /// focus.
  public override var semantics: Semantics? {
    if let shown = loadingScreen ?? content { return shown.effectiveSemantics }
    // NB: loading before the spinner shows: busy already, so the spinner adds nothing to say.
    guard errorScreen == nil, case .loading = runner.state else { return nil }
    return Semantics(role: .progress, label: options.label, states: [.busy])
  }

  /// True while nothing inside can take focus (a plain content screen, the spinner), so that
  /// the controller's keys arrive whatever its content is; the error screen takes focus itself.
  public override var canBecomeFocused: Bool {
    // NB: a loop, not `contains` with a closure: from this module the closure checked at run
    // time that it was on the main actor, on every frame's focus check (a thirtieth of an
    // inline spinner frame, `.ci/frame-budget --inline`).
    for child in children where child.hasFocusableDescendants { return false }
    return true
  }

  /// Answers the loading keys as `LoadingKeyCommand` says, as a ``Loading`` screen does;
  /// other keys bubble on.
  public override func handle(_ key: Key) -> Bool {
    let command = LoadingKeyCommand(
      key: key, state: runner.state, escapeCancels: options.escapeCancels)
    switch command {
    case .reload: reload()
    case .cancel: runner.cancel()
    case .dismissError: runner.dismissError()
    case nil: return false
    }
    return true
  }

  // MARK: Layout

  /// Gives every child the whole area; the refresh badge sits top-right, a refresh error
  /// along the bottom.
  public override func layoutChildren() {
    for child in children where child !== refreshBadge && !child.isFloating {
      child.frame = contentRect
    }
    guard let refreshBadge else { return }
    refreshBadge.frame = RefreshBadge.frame(error: refreshBadge.error, over: contentRect)
  }
}
