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
/// spinner frame. With it, a frame is one wake-up of the main thread. A ``TerminalProgram``
/// runs on it: that is the documented shape of a program. A `main` that must do something
/// before the loop starts (install a signal handler of its own, say) makes itself synchronous
/// and hands its body to ``main(_:)``:
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
/// It takes the main thread and nothing else: the main actor stays libdispatch's main queue,
/// which the loop drains itself, and the program's tasks (a screen's loads among them) run on
/// the toolchain's default executor, exactly as under an `async` `main`. `await` in screens,
/// `Task { @MainActor in … }`, `DispatchQueue.main` and task priorities all behave as they
/// would without ScreenKit.
///
/// Where libdispatch gives the main queue no descriptor to poll (Darwin's wakes a Mach port),
/// the program runs on the main queue as under an `async` `main`; so it does wherever the
/// environment says `SCREENKIT_RUN_LOOP=dispatch`, to compare the two loops or to rule this
/// one out when a program misbehaves.
public enum CursesRunLoop {
  /// Runs `body` on the main actor, with the main thread serving as the loop, and ends the
  /// process with status 0 when `body` returns.
  ///
  /// Call it first thing in a synchronous `main`, before anything else touches the main
  /// queue: the loop drains it only on the thread that never called `dispatch_main`.
  public static func main(_ body: @escaping @MainActor () async -> Void) -> Never {
    let loop = runsOnTheMainQueue ? nil : MainActor.assumeIsolated { MainLoop() }
    guard let loop else {
      // NB: what an `async` `main` does: asked for, or where libdispatch gives its main queue
      // no descriptor to poll (Darwin's wakes a Mach port), where the loop below would never
      // run its jobs.
      Task { @MainActor in
        await body()
        exit(0)
      }
      dispatchMain()
    }
    let finished = Finished()
    Task { @MainActor in
      await body()
      finished.flag.withLock { $0 = true }
    }
    MainActor.assumeIsolated { loop.run { finished.flag.withLock { $0 } } }
    exit(0)
  }

  /// Whether the environment asks for libdispatch's main queue instead of this loop.
  private static var runsOnTheMainQueue: Bool {
    getenv("SCREENKIT_RUN_LOOP").map { String(cString: $0) } == "dispatch"
  }

  private final class Finished: Sendable {
    let flag = Locked(false)
  }
}
