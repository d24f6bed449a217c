import Locking

/// The choices a stream has sent that the select has not taken yet, from the task that reads
/// the stream to the main actor: the reader only appends, the select takes all there is at
/// its next frame, so a hundred thousand choices cost a few frames, not a hundred thousand.
final class ChoiceInbox<Value: Sendable>: Sendable {
  /// How the stream ended.
  enum End: Sendable {
    case finished
    case failed(String)
  }

  private struct Store {
    var arrived: [Choice<Value>] = []
    var received = 0
    var end: End?
  }

  private let store = Locked(Store())

  /// Keeps `choice`; `true` for the stream's first, which the select shows at once.
  func append(_ choice: Choice<Value>) -> Bool {
    store.withLock { store in
      store.arrived.append(choice)
      store.received += 1
      return store.received == 1
    }
  }

  /// The stream ended, as `end` says.
  func close(_ end: End) {
    store.withLock { $0.end = $0.end ?? end }
  }

  /// The choices arrived since the last take, and the end once the stream has ended.
  func take() -> (choices: [Choice<Value>], end: End?) {
    store.withLock { store in
      defer { store.arrived = [] }
      return (store.arrived, store.end)
    }
  }
}
