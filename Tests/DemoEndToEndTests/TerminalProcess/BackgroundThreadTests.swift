#if os(Linux)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif
  import Synchronization
  import TerminalProcess
  import Testing

  /// Blocking work run with `BackgroundThread.run` holds no thread of the concurrency pool.
  struct BackgroundThreadTests {
    final class Counter: Sendable {
      let value = Atomic<Int>(0)
    }

    /// More blocking bodies than the pool has threads all run at once.
    ///
    /// Each waits until all have started; on the pool they would wait for each other forever
    /// (here: until their bound).
    @Test func moreBlockingBodiesThanThePoolHasThreadsRunAtOnce() async {
      let count = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) + 2
      let arrived = Counter()
      let allMet = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<count {
          group.addTask {
            await BackgroundThread.run {
              arrived.value.add(1, ordering: .relaxed)
              return waitUntil(timeout: .seconds(10), pause: .milliseconds(1)) {
                arrived.value.load(ordering: .relaxed) == count
              }
            }
          }
        }
        return await group.reduce(true) { $0 && $1 }
      }
      #expect(allMet)
    }

    @Test func itReturnsWhatTheBodyReturned() async {
      let value = await BackgroundThread.run { currentThreadID() }
      #expect(value != currentThreadID())
    }
  }
#endif
