import Locking
import ScreenKit
public import ScreenKitLoading

/// A scriptable load for tests: each call stays pending until the test resolves or rejects it.
///
/// It counts calls and cancellations, can answer synchronously (a cache hit), and can ignore
/// cancellation (a load that hangs). Use ``source(_:)`` for a `LoadingController` or a `Loading`
/// screen, in the callback, async or stream form. A stream stays pending after a value:
/// ``resolve(_:)`` yields to it, ``reject(_:)`` ends it with an error and ``end()`` ends it
/// without one.
///
/// ```swift
/// let loader = FakeLoader<String>()
/// let controller = LoadingController(source: loader.source(.async)) { TextScreen(text: $0) }
/// let harness = ScreenHarness(root: controller, size: Size(width: 20, height: 3))
/// await harness.settle()   // the controller has asked for its value, which waits
/// loader.resolve("hello")
/// await harness.settle()
/// #expect(harness.contains("hello"))
/// ```
public final class FakeLoader<Value: Sendable>: Sendable {
  /// The shape of the load closure a source hands out.
  public enum Form: Sendable, CaseIterable {
    /// Swift Talk's completion handler.
    case callback
    /// An `async throws` function.
    case async
    /// A stream of values, one stream for each time the source is started.
    case stream
  }

  private enum Pending {
    case callback(LoadSource<Value>.Completion)
    case async(CheckedContinuation<Value, any Error>)
    case stream(AsyncThrowingStream<Value, any Error>.Continuation)
  }

  private struct State {
    var calls = 0
    var cancellations = 0
    var nextID = 0
    var pending: [(id: Int, request: Pending)] = []
    var immediate: Result<Value, any Error>?
    var ignoresCancellation = false
    var reporters: [ProgressReporter] = []
    var newestStream: Int?
    var streamValues: [Int: Value] = [:]
  }

  private let state = Locked(State())

  /// Creates a loader whose calls stay pending.
  public init() {}

  /// How many times a load was started.
  public var callCount: Int { state.withLock { $0.calls } }
  /// How many loads were cancelled.
  public var cancellationCount: Int { state.withLock { $0.cancellations } }
  /// How many loads wait for an answer; a stream waits until it ends.
  public var pendingCount: Int { state.withLock { $0.pending.count } }

  /// The last value the newest stream took (a stream that ended takes no more), if it took any.
  public var newestStreamValue: Value? {
    state.withLock { state in state.newestStream.flatMap { state.streamValues[$0] } }
  }

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
    case .stream:
      .stream { [self] in self.subscribe() }
    }
  }

  /// Opens a stream that stays pending until the test ends it; a cancelled stream counts as a
  /// cancellation.
  public func subscribe() -> AsyncThrowingStream<Value, any Error> {
    let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream()
    let id = state.withLock { state -> Int in
      state.calls += 1
      state.nextID += 1
      state.pending.append((state.nextID, .stream(continuation)))
      state.newestStream = state.nextID
      return state.nextID
    }
    continuation.onTermination = { [weak self] termination in
      guard case .cancelled = termination else { return }
      self?.state.withLock { state in
        guard let index = state.pending.firstIndex(where: { $0.id == id }) else { return }
        state.pending.remove(at: index)
        state.cancellations += 1
      }
    }
    return stream
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
  ///
  /// A value is yielded to a stream, which stays pending; an error ends it.
  public func complete(_ result: Result<Value, any Error>) {
    let request = state.withLock { state -> (id: Int, request: Pending)? in
      guard let first = state.pending.first else { return nil }
      if case .stream = first.request, case .success = result { return first }
      return state.pending.removeFirst()
    }
    switch request?.request {
    case .callback(let completion): completion(result)
    case .async(let continuation): continuation.resume(with: result)
    case .stream(let continuation):
      if let id = request?.id { send(result, to: continuation, id: id) }
    case nil: break
    }
  }

  private func send(
    _ result: Result<Value, any Error>,
    to continuation: AsyncThrowingStream<Value, any Error>.Continuation,
    id: Int
  ) {
    switch result {
    case .success(let value):
      if case .enqueued = continuation.yield(value) {
        state.withLock { $0.streamValues[id] = value }
      }
    case .failure(let error):
      continuation.finish(throwing: error)
    }
  }

  /// Ends the oldest pending stream without an error; other pending calls are left alone.
  public func end() {
    let continuation = state.withLock {
      state -> AsyncThrowingStream<Value, any Error>.Continuation? in
      guard
        let index = state.pending.firstIndex(where: {
          if case .stream = $0.request { true } else { false }
        }),
        case .stream(let continuation) = state.pending.remove(at: index).request
      else { return nil }
      return continuation
    }
    continuation?.finish()
  }

  /// Calls the completion of the oldest pending callback load twice, as a buggy loader might;
  /// a stream gets both answers in turn (a value stays pending, an error ends it).
  public func completeTwice(
    _ first: Result<Value, any Error>, then second: Result<Value, any Error>
  ) {
    let request = state.withLock { state in
      state.pending.isEmpty ? nil : state.pending.removeFirst()
    }
    switch request?.request {
    case .callback(let completion):
      completion(first)
      completion(second)
    case .stream(let continuation):
      for result in [first, second] {
        if let id = request?.id { send(result, to: continuation, id: id) }
      }
      continuation.finish()
    case .async, nil:
      break
    }
  }
}
