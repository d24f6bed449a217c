/// A call of a loading subject's `valueForCurrentKey()` under way, started in a task of its
/// own so the test can go on driving the clock and the loads while it waits, and how it ended.
@MainActor
final class ValueRequest {
  /// How the call ended; `nil` while it waits.
  private(set) var result: Result<String, any Error>?
  private var task: Task<Void, Never>?

  /// Asks `subject` for the value of its key now; the call starts when the test next settles.
  init(_ subject: LoadingSubject) {
    task = Task { @MainActor [weak self] in
      let result: Result<String, any Error>
      do {
        result = .success(try await subject.valueForCurrentKey())
      } catch {
        result = .failure(error)
      }
      self?.result = result
    }
  }

  /// The value the call returned, if it returned one.
  var value: String? {
    if case .success(let value) = result { value } else { nil }
  }

  /// The error the call threw, if it threw.
  var error: (any Error)? {
    if case .failure(let error) = result { error } else { nil }
  }

  /// Cancels the task that waits.
  func cancel() {
    task?.cancel()
  }
}
