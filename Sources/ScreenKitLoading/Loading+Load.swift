extension Loading {
  /// Loads with an async function, cancelled with its task, and configures the screen with the
  /// value; with a `cache` slot, the value is kept in the cache (see ``LoadCache``).
  ///
  /// A load in flight is replaced. A value already shown stays up while the new load runs, as a
  /// refresh, so a screen that loads in `didAppear` comes back to its content.
  public func load(
    cache: LoadCacheSlot<Value>? = nil, options: LoadOptions = LoadOptions(),
    _ load: @escaping @Sendable () async throws -> Value
  ) {
    self.load(source: .async { _ in try await load() }, cache: cache, options: options)
  }

  /// Loads through any ``LoadSource`` (a callback, an async function with progress, a stream)
  /// and configures the screen with the value; with a `cache` slot, a fresh cached value
  /// configures the screen at once and is revalidated under the refresh badge, and screens
  /// loading the same key at the same time share one load (see ``LoadCache``).
  ///
  /// A load in flight is replaced. A value already shown stays up while the new load runs, as a
  /// refresh, so a screen that loads in `didAppear` comes back to its content.
  public func load(
    source: LoadSource<Value>, cache: LoadCacheSlot<Value>? = nil,
    options: LoadOptions = LoadOptions()
  ) {
    setEnvironment(\.refresh, RefreshAction { [weak self] in await self?.refresh() })
    screenLoad.begin(on: self, source: source, options: options, cache: cache) {
      [weak self] value in self?.configure(value: value)
    }
  }

  /// Loads the value of `key` with `load`, configures the screen with it, and follows the key's
  /// changes until the screen disappears (and again once it comes back); call it once, in
  /// `didAppear`.
  ///
  /// The first load starts at once. After a change, the screen waits out
  /// ``LoadOptions/debounce`` (each change waits anew), cancels the load in flight, and loads
  /// the new value; the previous value stays under the refresh badge until the new one
  /// arrives, and a failure keeps it and shows the refresh error. With a `cache`, a value it
  /// holds for the new key configures the screen at once and is revalidated. Going back to the
  /// key whose value is shown, before the debounce ends, shows it as current again.
  ///
  /// ```swift
  /// override func didAppear() {
  ///   load(key: query, options: LoadOptions(debounce: .milliseconds(250))) { text in
  ///     try await catalogue.search(text)
  ///   }
  /// }
  /// ```
  ///
  /// A call while a load runs replaces it; a value already shown stays up while the new load
  /// runs, as a refresh.
  public func load<Key: Hashable & Sendable>(
    key: LoadKey<Key>, cache: LoadCache<Key, Value>? = nil, options: LoadOptions = LoadOptions(),
    _ load: @escaping @Sendable (Key) async throws -> Value
  ) {
    self.load(key: key, cache: cache, options: options) { key in
      .async { _ in try await load(key) }
    }
  }

  /// Follows `key` as ``load(key:cache:options:_:)`` does, loading each value through the
  /// ``LoadSource`` that `source` makes for it.
  ///
  /// `source` is called when a load of a key starts (each retry and refresh too), never for a
  /// key passed over while the debounce waits, nor for one a cache shows fresh.
  public func load<Key: Hashable & Sendable>(
    key: LoadKey<Key>, cache: LoadCache<Key, Value>? = nil, options: LoadOptions = LoadOptions(),
    source: @escaping @MainActor (Key) -> LoadSource<Value>
  ) {
    setEnvironment(\.refresh, RefreshAction { [weak self] in await self?.refresh() })
    let keying = LoadKeying(key: key, cache: cache, source: source)
    screenLoad.begin(on: self, keying: keying, options: options) { [weak self] value in
      self?.configure(value: value)
    }
  }

  /// The state of the screen's load; idle before the first.
  public var loadState: LoadState<Value> { screenLoad.state }

  /// For a load made with a ``LoadKey``, the key whose value the screen shows; `nil` before the
  /// first value.
  public var shownKey: (any Hashable & Sendable)? { screenLoad.shownKey }

  /// Whether the screen shows the value of a key other than the key now.
  ///
  /// It is true from a change of the key until the new value arrives (or the key goes back).
  /// While the screen is on screen, each change of it is a change of ``loadState`` too, so the
  /// screen redraws, and ``ScreenLoad/onStateChange`` hears of it.
  public var isStale: Bool { screenLoad.isStale }

  /// Loads again after a failure, or refreshes loaded content; a load in flight goes on.
  public func reload() {
    screenLoad.reload()
  }

  /// Starts (or joins) a refresh and returns when it ends.
  public func refresh() async {
    await screenLoad.binding?.refresh()
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
  /// cancelled, the screen disappears (or is not on screen, or has begun no load), or the
  /// calling task is cancelled.
  public func valueForCurrentKey() async throws -> Value {
    guard let binding = screenLoad.binding else { throw CancellationError() }
    return try await binding.valueForCurrentKey()
  }

  /// Cancels the load in flight; the core calls it when the screen disappears.
  public func cancelLoad() {
    screenLoad.cancel()
  }
}
