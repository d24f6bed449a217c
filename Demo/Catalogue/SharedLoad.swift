import Locking

/// One fetch shared by several loaders that start together, so both sides of the comparison
/// show the same value from the same request and differ only in how they present it.
///
/// Each loader counts its own calls; the n-th call of every loader joins the n-th fetch,
/// starting it if it is the first to ask. A retry or refresh on one side therefore makes a new
/// fetch, which the other side joins when it, too, asks again.
final class SharedLoad<Value: Sendable>: Sendable {
  private let fetch: @Sendable () async throws -> Value
  private let rounds = Locked<[Task<Value, any Error>]>([])

  /// Creates a shared load around `fetch`; nothing runs until a loader asks.
  init(_ fetch: @escaping @Sendable () async throws -> Value) {
    self.fetch = fetch
  }

  /// A loader for one consumer: an async function to hand to a loading variant.
  func loader() -> @Sendable () async throws -> Value {
    let calls = Locked(0)
    return { [self] in
      let round = calls.withLock { count in
        defer { count += 1 }
        return count
      }
      return try await self.value(round: round)
    }
  }

  private func value(round: Int) async throws -> Value {
    let task = rounds.withLock { rounds in
      while rounds.count <= round {
        rounds.append(Task { [fetch] in try await fetch() })
      }
      return rounds[round]
    }
    // NB: a cancelled consumer's runner drops the late result; the fetch runs on for the other.
    return try await task.value
  }
}
