// NB: not on Darwin, where the custom main executor needs macOS 26 and `CursesRunLoop` runs
// on libdispatch's main queue instead.
#if !canImport(Darwin)
  @_spi(ExperimentalCustomExecutors) import _Concurrency

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The main actor's executor under ``CursesRunLoop/Jobs/loop``: main-actor jobs go to the
  /// ``MainLoop``'s own queue and run on the main thread between its polls.
  ///
  /// The toolchain's custom main executor is experimental (`ExperimentalCustomExecutors`), so it
  /// stays inside this file: nothing public names it, and a program opts in through
  /// ``CursesRunLoop/main(_:_:)`` alone.
  final class MainLoopExecutor: MainExecutor, @unchecked Sendable {
    /// The executor installed as the main executor, once ``install(_:)`` ran.
    nonisolated(unsafe) static var installed: MainLoopExecutor?

    let loop: MainLoop

    private init(loop: MainLoop) {
      self.loop = loop
    }

    /// Makes a loop's executor the one ``PoolExecutor/install()`` gives the main actor.
    static func install(_ loop: MainLoop) {
      installed = MainLoopExecutor(loop: loop)
    }

    func enqueue(_ job: consuming ExecutorJob) {
      loop.enqueue(UnownedJob(job))
    }

    func run() throws {
      MainActor.assumeIsolated { loop.run { false } }
    }

    func stop() {}

    func isIsolatingCurrentContext() -> Bool? {
      loop.isCurrentThread
    }

    func checkIsolated() {
      precondition(loop.isCurrentThread, "ScreenKit: main-actor code ran off the main thread")
    }
  }
#endif
