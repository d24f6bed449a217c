extension Loading {
  /// Loads through any ``LoadSource`` and configures the screen with the value.
  public func load(source: LoadSource<Value>, options: LoadingOptions = LoadingOptions()) {
    setEnvironment(\.refresh, RefreshAction { [weak self] in await self?.refreshLoading() })
    loadingIndicator.begin(on: self, source: source, options: options) { [weak self] value in
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
  public var loadingState: LoadingState<Value> { loadingIndicator.state }

  /// Cancels the load in flight; call it from `willDisappear`.
  public func cancelLoading() {
    loadingIndicator.cancel()
  }

  /// Starts (or joins) a refresh and returns when it ends.
  public func refreshLoading() async {
    guard let runner = loadingIndicator.runner, let scheduler = stage?.scheduler else { return }
    await runner.refresh(on: scheduler)
  }
}
