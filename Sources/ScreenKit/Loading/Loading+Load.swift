extension Loading {
  /// Loads through any ``LoadSource`` and configures the screen with the value.
  ///
  /// A load in flight is replaced. A value already shown stays up while the new load runs, as a
  /// refresh, so a screen that loads in `didAppear` comes back to its content.
  public func load(source: LoadSource<Value>, options: LoadingOptions = LoadingOptions()) {
    begin(source: source, options: options, cache: nil)
  }

  /// Loads through any ``LoadSource``, keeping the value in `cache` under `key`: a fresh cached
  /// value configures the screen at once and is revalidated under the refresh badge, and screens
  /// loading the same key at the same time share one load (see ``LoadCache``).
  public func load<Key>(
    cache: LoadCache<Key, Value>, key: Key, source: LoadSource<Value>,
    options: LoadingOptions = LoadingOptions()
  ) {
    begin(source: source, options: options, cache: cache.slot(for: key))
  }

  /// Loads with an async function, keeping the value in `cache` under `key`.
  public func load<Key>(
    cache: LoadCache<Key, Value>, key: Key, options: LoadingOptions = LoadingOptions(),
    _ load: @escaping @Sendable () async throws -> Value
  ) {
    self.load(cache: cache, key: key, source: .async { _ in try await load() }, options: options)
  }

  private func begin(
    source: LoadSource<Value>, options: LoadingOptions, cache: LoadCacheSlot<Value>?
  ) {
    setEnvironment(\.refresh, RefreshAction { [weak self] in await self?.refreshLoading() })
    loader.begin(on: self, source: source, options: options, cache: cache) { [weak self] value in
      self?.configure(value: value)
    }
  }

  /// Loads with an async function, cancelled with its task.
  public func load(
    options: LoadingOptions = LoadingOptions(), _ load: @escaping @Sendable () async throws -> Value
  ) {
    self.load(source: .async { _ in try await load() }, options: options)
  }

  /// Loads with Swift Talk's completion handler, which may be called from any thread.
  public func load(
    options: LoadingOptions = LoadingOptions(),
    callback load: @escaping @MainActor (@escaping LoadSource<Value>.Completion) -> Void,
    cancel: (@MainActor () -> Void)? = nil
  ) {
    self.load(
      source: .callback(load: { _, completion in load(completion) }, cancel: cancel),
      options: options)
  }

  /// The state of the screen's load.
  public var loadingState: LoadingState<Value> { loader.state }

  /// Cancels the load in flight; the core calls it when the screen disappears.
  public func cancelLoading() {
    loader.cancel()
  }

  /// Starts (or joins) a refresh and returns when it ends.
  public func refreshLoading() async {
    guard let runner = loader.runner, let scheduler = stage?.scheduler else { return }
    await runner.refresh(on: scheduler)
  }
}
