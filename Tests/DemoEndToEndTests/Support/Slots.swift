/// At most a number of holders at once; the others wait, suspended, for a free slot.
///
/// Bounds how many terminals (an emulator and a program each) a parameterized test runs at
/// once, so that its cases run in parallel without crowding the machine.
actor Slots {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ count: Int) {
    free = count
  }

  /// Runs `work` once a slot is free, and frees it after.
  func holding<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
    await take()
    defer { give() }
    return try await work()
  }

  private func take() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  private func give() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
