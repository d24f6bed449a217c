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

  /// The state of the screen's load; idle before the first.
  public var loadState: LoadState<Value> { screenLoad.state }

  /// Loads again after a failure, or refreshes loaded content; a load in flight goes on.
  public func reload() {
    screenLoad.reload()
  }

  /// Starts (or joins) a refresh and returns when it ends.
  public func refresh() async {
    guard let runner = screenLoad.runner, let scheduler = stage?.scheduler else { return }
    await runner.refresh(on: scheduler)
  }

  /// Cancels the load in flight; the core calls it when the screen disappears.
  public func cancelLoad() {
    screenLoad.cancel()
  }
}
