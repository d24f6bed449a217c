/// Where a value comes from: Swift Talk's callback, an async function, or a stream of values.
public enum LoadSource<Value: Sendable> {
  /// A completion handler that may be called from any thread, once; later calls are ignored.
  public typealias Completion = @Sendable (Result<Value, any Error>) -> Void

  /// A function handed a progress reporter and a completion; `cancel` runs when the load is
  /// abandoned (removal, timeout, Esc).
  case callback(
    load: @MainActor (ProgressReporter, @escaping Completion) -> Void,
    cancel: (@MainActor () -> Void)?)
  /// An async function; it is cancelled as a task when the load is abandoned.
  case async(@Sendable (ProgressReporter) async throws -> Value)
  /// A sequence of values: the first is shown like a load's value, each later one updates it.
  ///
  /// The timeout covers the wait for the first value. A refresh cancels the sequence and makes
  /// a new one, and returns with its first value (or its failure). A sequence that ends after
  /// its values leaves the last one shown; one that ends without a value fails with
  /// ``EmptyStreamError``, retried like any failure. The sequence is cancelled when the load
  /// is cancelled or its screen leaves; the last value stays shown, and a refresh starts it
  /// again.
  case stream(@Sendable () -> AsyncThrowingStream<Value, any Error>)

  /// Swift Talk's callback: a function handed only a completion, which may be called from any
  /// thread; `cancel` runs when the load is abandoned.
  public static func callback(
    _ load: @escaping @MainActor (@escaping Completion) -> Void,
    cancel: (@MainActor () -> Void)? = nil
  ) -> LoadSource {
    .callback(load: { _, completion in load(completion) }, cancel: cancel)
  }

  /// A source from any `AsyncSequence` of values.
  public static func sequence<S: AsyncSequence & Sendable>(_ values: S) -> LoadSource
  where S.Element == Value {
    .stream {
      AsyncThrowingStream { continuation in
        let task = Task {
          do {
            for try await value in values { continuation.yield(value) }
            continuation.finish()
          } catch {
            continuation.finish(throwing: error)
          }
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
  }
}
