import Dispatch
import Locking

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A program's main thread as one event loop: ``CursesApplication`` waits in one `poll` for
/// input, signals and its next frame, and the main actor's work runs on the same thread
/// between two polls.
///
/// Without it, an `async` `main` ends in `dispatch_main`: libdispatch's manager thread wakes
/// for each timer and hands the main queue to a worker thread, three thread switches per
/// spinner frame. With it, a frame is one wake-up of the main thread. A program opts in by
/// making the `main` of its `@main` type synchronous and handing its body to ``main(_:_:)``:
///
/// ```swift
/// static func main() {
///   CursesRunLoop.main {
///     let application = CursesApplication(root: HomeScreen())
///     do throws(TerminalError) { try await application.run() } catch { error.exit() }
///   }
/// }
/// ```
///
/// Everything else stays as it is: `await` in screens, `Task { @MainActor in … }`,
/// `DispatchQueue.main`, loads on the default executor. That executor is ScreenKit's own on
/// Linux, a few worker threads in place of libdispatch's cooperative pool, whose workqueue,
/// once used, wakes the process once a second for ever: idle, such a program makes no
/// wake-ups, also after a load. A ``CursesApplication`` run from an `async` `main`, or by an
/// embedding host, keeps working on libdispatch's main queue and pool.
///
/// On macOS the program runs on libdispatch's main queue as under an `async` `main`, whatever
/// the ``Jobs`` asked for: Darwin's libdispatch gives the main queue no descriptor to poll,
/// and its custom main executor needs macOS 26.
public enum CursesRunLoop {
  /// Where main-actor jobs wait for the loop.
  ///
  /// Both cost one wake-up of the main thread per frame; measured side by side they differ by
  /// less than the noise (see the README's Decisions), so the default needs no experimental API.
  public enum Jobs: Sendable {
    /// The main actor stays on libdispatch's main queue, which the loop drains itself
    /// through the hooks CoreFoundation's run loop uses. The default.
    case dispatchMainQueue
    /// The loop is the main actor's executor (the toolchain's custom main executor, still
    /// experimental): a job is queued and run without going through libdispatch.
    case loop
  }

  /// Runs `body` on the main actor, with the main thread serving as the loop, and ends the
  /// process with status 0 when `body` returns.
  ///
  /// Call it first thing in a synchronous `main`, before anything touches the main actor or
  /// starts a task: the main and default executors are chosen once per process.
  public static func main(
    _ jobs: Jobs = .dispatchMainQueue, _ body: @escaping @MainActor () async -> Void
  ) -> Never {
    #if canImport(Darwin)
      // NB: what an `async` `main` does (the terminal tests run it as `--run-loop=dispatch`):
      // Darwin's main queue wakes a Mach port, not a descriptor `poll` could wait on, so the
      // loop below would never run the main actor's jobs there.
      Task { @MainActor in
        await body()
        exit(0)
      }
      dispatchMain()
    #else
      let loop = MainLoop()
      if jobs == .loop { MainLoopExecutor.install(loop) }
      PoolExecutor.install()
      let finished = Finished()
      Task { @MainActor in
        await body()
        finished.flag.withLock { $0 = true }
      }
      MainActor.assumeIsolated { loop.run { finished.flag.withLock { $0 } } }
      exit(0)
    #endif
  }

  private final class Finished: Sendable {
    let flag = Locked(false)
  }
}
