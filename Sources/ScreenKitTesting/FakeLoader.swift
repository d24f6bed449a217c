public import ScreenKit
import Synchronization

/// A scriptable load for tests: each call stays pending until the test resolves or rejects it.
///
/// It counts calls and cancellations, can answer synchronously (a cache hit), and can ignore
/// cancellation (a load that hangs). Use ``source`` for a `LoadingController` or a `Loading`
/// screen, in either the callback or the async form.
///
/// ```swift
/// let loader = FakeLoader<String>()
/// let controller = LoadingController(source: loader.source(.async)) { TextScreen($0) }
/// loader.resolve("hello")
/// ```
public final class FakeLoader<Value: Sendable>: Sendable {
  /// The shape of the load closure a source hands out.
  public enum Form: Sendable, CaseIterable {
    /// Swift Talk's completion handler.
    case callback
    /// An `async throws` function.
    case async
  }

  private enum Pending {
    case callback(LoadSource<Value>.Completion)
    case async(CheckedContinuation<Value, any Error>)
  }

  private struct State {
    var calls = 0
    var cancellations = 0
    var nextID = 0
    var pending: [(id: Int, request: Pending)] = []
    var immediate: Result<Value, any Error>?
    var ignoresCancellation = false
    var reporters: [ProgressReporter] = []
  }

  private let state = Mutex(State())

  /// Creates a loader whose calls stay pending.
  public init() {}

  /// How many times a load was started.
  public var callCount: Int { state.withLock { $0.calls } }
  /// How many loads were cancelled.
  public var cancellationCount: Int { state.withLock { $0.cancellations } }
  /// How many loads wait for an answer.
  public var pendingCount: Int { state.withLock { $0.pending.count } }

  /// Makes later calls complete at once, inside the call, with `result` (a cache hit).
  public func answerImmediately(with result: Result<Value, any Error>?) {
    state.withLock { $0.immediate = result }
  }

  /// Makes later async calls ignore cancellation, like a load that hangs.
  public func ignoreCancellation(_ ignores: Bool = true) {
    state.withLock { $0.ignoresCancellation = ignores }
  }

  /// A load source of the given form that calls this loader.
  public func source(_ form: Form) -> LoadSource<Value> {
    switch form {
    case .callback:
      .callback(
        load: { [self] reporter, completion in self.start(reporter, completion) },
        cancel: { [self] in self.recordCallbackCancellation() })
    case .async:
      .async { [self] reporter in try await self.load(reporter) }
    }
  }

  /// Waits for the test's answer; a cancelled task gets `CancellationError` unless the loader
  /// ignores cancellation.
  public func load(_ reporter: ProgressReporter = .ignoring) async throws -> Value {
    let id = state.withLock { state -> Int in
      state.calls += 1
      state.nextID += 1
      state.reporters.append(reporter)
      return state.nextID
    }
    if let immediate = state.withLock({ $0.immediate }) { return try immediate.get() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        state.withLock { $0.pending.append((id, .async(continuation))) }
      }
    } onCancel: {
      let cancelled: CheckedContinuation<Value, any Error>? = state.withLock { state in
        guard !state.ignoresCancellation,
          let index = state.pending.firstIndex(where: { $0.id == id })
        else { return nil }
        state.cancellations += 1
        guard case .async(let continuation) = state.pending.remove(at: index).request else {
          return nil
        }
        return continuation
      }
      cancelled?.resume(throwing: CancellationError())
    }
  }

  private func start(
    _ reporter: ProgressReporter, _ completion: @escaping LoadSource<Value>.Completion
  ) {
    let immediate = state.withLock { state -> Result<Value, any Error>? in
      state.calls += 1
      state.nextID += 1
      state.reporters.append(reporter)
      if state.immediate == nil { state.pending.append((state.nextID, .callback(completion))) }
      return state.immediate
    }
    if let immediate { completion(immediate) }
  }

  private func recordCallbackCancellation() {
    // NB: the completion stays pending, so a test can still call it late and prove it is ignored.
    state.withLock { $0.cancellations += 1 }
  }

  /// Reports progress for the latest call.
  public func report(fraction: Double? = nil, message: String? = nil) {
    state.withLock { $0.reporters.last }?.report(fraction: fraction, message: message)
  }

  /// Answers the oldest pending call with `value`.
  public func resolve(_ value: Value) {
    complete(.success(value))
  }

  /// Answers the oldest pending call with `error`.
  public func reject(_ error: any Error) {
    complete(.failure(error))
  }

  /// Answers the oldest pending call; a callback completion is called on the calling thread.
  public func complete(_ result: Result<Value, any Error>) {
    let request = state.withLock { state in
      state.pending.isEmpty ? nil : state.pending.removeFirst().request
    }
    switch request {
    case .callback(let completion): completion(result)
    case .async(let continuation): continuation.resume(with: result)
    case nil: break
    }
  }

  /// Calls the completion of the oldest pending callback load twice, as a buggy loader might.
  public func completeTwice(
    _ first: Result<Value, any Error>, then second: Result<Value, any Error>
  ) {
    let request = state.withLock { state in
      state.pending.isEmpty ? nil : state.pending.removeFirst().request
    }
    if case .callback(let completion) = request {
      completion(first)
      completion(second)
    }
  }
}
