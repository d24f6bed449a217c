import Dispatch
import ScreenKit
import ScreenKitCurses
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The signal a handler installed with `--handle=N` last received, shown on the screen.
let handledSignal = Atomic<Int32>(0)

/// A ScreenKit program for the terminal tests, run by them on a pseudo-terminal.
///
/// Usage: `ScreenKitCursesTestHost [idle|spinner|flood|echo|pages|tasks|colors|field|restore-race] [--handle=N]
/// [--ignore=N] [--slow-handler=N] [--no-mouse] [--stop-before-first-frame]
/// [--run-loop=queue|dispatch] [--inline=N] [--signal-keys-as-keys] [--no-focus]`; `--no-mouse`
/// opens the session with mouse reporting off, `--no-focus` with focus reporting off; `--inline=N` shows the screen in an inline region of N
/// rows; `--signal-keys-as-keys` turns `keysSendSignals` off, and the host reports Ctrl-C,
/// Ctrl-Z and Ctrl-\ on standard error (Ctrl-C then quits);
/// `--stop-before-first-frame` sends the host SIGTSTP (as Ctrl-Z does) once the session is open
/// and before its first frame is drawn. `--slow-handler=N` installs a handler for signal N that
/// takes half a second, as a crash reporter does, and blocks N on the thread that opened the
/// session, so the handler runs on another thread while frames go on. `--run-loop` picks the
/// main thread's loop: `queue` (the default, `CursesRunLoop` draining libdispatch's main
/// queue) or `dispatch` (libdispatch's main queue, as an `async` `main` has it).
/// `--handle=N` installs a handler for signal N before the session opens (the screen then
/// shows `handled N`), `--ignore=N` ignores it. Keys: `q` quits normally, `t` forces a Swift
/// trap (`fatalError`), `s` dereferences a bad pointer (SIGSEGV), `a` aborts, `o` overflows
/// the stack of a new thread, `e` writes a line to standard error, `w` starts a detached task
/// that blocks its thread for 3 s and quits (`quit-to-return-ms=N` on standard error then says
/// how long `run()` took to return). After a normal quit it
/// prints `frames=N wakes=M` and then `locale numeric=X ctype=Y` to standard error; in `echo`
/// mode then `received=N hash=H pastes=P escapes=E focus-changes=F`: the characters typed or
/// pasted before the `q`, the FNV-1a hash of their UTF-8, the pastes and Escape keys received,
/// and the terminal's focus changes (shown as `FOCUS-IN-N`, `FOCUS-OUT-N`). In
/// `pages` mode `n` redraws every row with the next page. In `tasks` mode `m` starts a
/// `Task { @MainActor in … }` that awaits a sleep and then shows `TASK-DONE`, and `p` posts
/// `POSTED-DONE` to the scheduler from a detached task, and `l` runs a load on the default
/// executor (sleeps, task groups, a detached task, a cancelled sleep) and then shows
/// `LOAD-DONE-sum-500500-order-10-60-110-detached-42-cancel-prompt` when all went right, and `b`
/// blocks every worker of the default executor for 2 s, showing `POOL-BUSY` once all are, and `x` probes
/// the default executor from the program's own tasks (`probeTheDefaultExecutor`). The
/// last line on standard error, `deadline=armed|none`, says whether the loop was to wake by
/// itself when `q` came. In `field` mode a text field takes the keys (``FieldHostScreen``);
/// Enter quits, and `field=TEXT` on standard error says what it held.
@main
enum TestHost {
  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "restore-race" { RestoreRace.run() }
    installSignalHandlers(arguments)
    switch arguments.first(where: { $0.hasPrefix("--run-loop=") })?.dropFirst(11) {
    case "dispatch":
      Task { @MainActor in
        await run(arguments)
        exit(0)
      }
      dispatchMain()
    default:
      CursesRunLoop.main { await run(arguments) }
    }
  }

  @MainActor
  private static func run(_ arguments: ArraySlice<String>) async {
    let mode = arguments.first { !$0.hasPrefix("--") } ?? "idle"
    var options = CursesTerminal.Options()
    options.mouse = !arguments.contains("--no-mouse")
    options.focusReporting = !arguments.contains("--no-focus")
    options.keysSendSignals = !arguments.contains("--signal-keys-as-keys")
    if let height = arguments.compactMap({ value(of: "--inline=", in: $0) }).first {
      options.presentation = .inline(height: Int(height))
    }
    if mode == "field" {
      await runField(options: options)
      return
    }
    let screen = TestHostScreen(
      mode: TestHostScreen.Mode(rawValue: mode) ?? .idle,
      interval: mode == "flood" ? .milliseconds(5) : .milliseconds(100),
      stopsOnAppearing: arguments.contains("--stop-before-first-frame"),
      blocksOnAppearing: arguments.compactMap { value(of: "--slow-handler=", in: $0) })
    let application = CursesApplication(root: screen, options: options)
    var deadlineAtQuit: Duration?
    var quitAt: ContinuousClock.Instant?
    application.onUnhandledKey = { application, key in
      switch key {
      case "q":
        deadlineAtQuit = application.nextWakeDeadline
        application.quit()
      case "t": fatalError("forced trap")
      case "a": abort()
      case "s":
        let address = UnsafeMutablePointer<Int>(bitPattern: 16)
        address?.pointee = 1
      case "o": overflowTheStackOfANewThread()
      case "e": writeToStandardError("written during the session\n")
      case .control("c"), .control("z"), .control("\\"):
        writeToStandardError("key \(key.description)\n")
        if key == .control("c") { application.quit() }
      case "w":
        // A save that blocks its thread for 3 s, started as the program quits.
        Task.detached {
          var pause = timespec(tv_sec: 3, tv_nsec: 0)
          var left = timespec()
          while nanosleep(&pause, &left) != 0 { pause = left }
        }
        quitAt = .now
        application.quit()
      default: break
      }
    }
    do {
      try await application.run()
    } catch {
      error.exit()
    }
    if let quitAt {
      let late = (ContinuousClock.now - quitAt).components
      let milliseconds = late.seconds * 1000 + late.attoseconds / 1_000_000_000_000_000
      writeToStandardError("quit-to-return-ms=\(milliseconds)\n")
    }
    writeToStandardError("frames=\(application.frameCount) wakes=\(application.wakeCount)\n")
    let numeric = setlocale(LC_NUMERIC, nil).map { String(cString: $0) } ?? "?"
    let ctype = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "?"
    writeToStandardError("locale numeric=\(numeric) ctype=\(ctype)\n")
    if screen.mode == .echo {
      writeToStandardError(
        "received=\(screen.received.count) hash=\(screen.receivedHash) "
          + "pastes=\(screen.pasteCount) escapes=\(screen.escapeCount) "
          + "focus-changes=\(screen.focusChanges)\n")
    }
    writeToStandardError("deadline=\(deadlineAtQuit == nil ? "none" : "armed")\n")
  }

  /// Runs `field` mode: a text field until Enter, then what it held on standard error.
  @MainActor
  private static func runField(options: CursesTerminal.Options) async {
    let screen = FieldHostScreen()
    let application = CursesApplication(root: screen, options: options)
    screen.field.onSubmit = { _ in application.quit() }
    do {
      try await application.run()
    } catch {
      error.exit()
    }
    writeToStandardError("field=\(screen.field.text)\n")
  }

  /// Installs the handlers the arguments ask for.
  ///
  /// NB: not on the main actor, so the handlers are not main-actor code, which would trap on
  /// the thread that happens to take the signal.
  private static func installSignalHandlers(_ arguments: ArraySlice<String>) {
    for argument in arguments {
      if let number = value(of: "--handle=", in: argument) {
        signal(number) { handledSignal.store($0, ordering: .relaxed) }
      } else if let number = value(of: "--ignore=", in: argument) {
        signal(number, SIG_IGN)
      } else if let number = value(of: "--slow-handler=", in: argument) {
        signal(number) { _ in
          var pause = timespec(tv_sec: 0, tv_nsec: 500_000_000)
          var left = timespec()
          while nanosleep(&pause, &left) != 0 { pause = left }
        }
      }
    }
  }

  private static func value(of prefix: String, in argument: String) -> Int32? {
    argument.hasPrefix(prefix) ? Int32(argument.dropFirst(prefix.count)) : nil
  }

  private static func writeToStandardError(_ text: String) {
    var line = Array(text.utf8)
    // NB: stderr (the FILE) is shared mutable state to Swift 6; the descriptor is not.
    _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }

  /// Recurses without end on a thread of its own, which has no alternate signal stack, as a
  /// load on a worker thread would.
  private static func overflowTheStackOfANewThread() {
    startDetachedThread { _ in
      _ = recurse(1)
      return nil
    }
  }
}

/// Recurses forever; the addition after the call keeps it from becoming a loop.
@inline(never)
private func recurse(_ depth: Int) -> Int {
  var frame = (depth, depth, depth, depth)
  return withUnsafeMutablePointer(to: &frame) { recurse($0.pointee.0 &+ 1) &+ $0.pointee.1 }
}
