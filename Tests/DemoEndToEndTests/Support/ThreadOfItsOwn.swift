import Foundation

/// Runs blocking work (a poll of a terminal, a wait for a reply) on a thread of its own.
///
/// The tests' async code shares a pool of one thread per core; work that blocks a pool thread
/// for a second holds back every other test meanwhile (on two cores, two such tests stop them
/// all). A thread of its own blocks nothing but itself.
enum ThreadOfItsOwn {
  static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread { continuation.resume(with: Result { try work() }) }
      thread.start()
    }
  }
}
