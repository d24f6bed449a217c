#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A terminal program's `@main` type: it runs its host in ``run()``, and the `main()` this
/// protocol provides makes the main thread ScreenKit's run loop behind it.
///
/// As swift-argument-parser's `AsyncParsableCommand`, a program declares what it does and the
/// protocol provides its entry point:
///
/// ```swift
/// struct Hello: TerminalProgram {   // `@main struct Hello` in a program
///   func run() async throws {
///     try await CursesApplication(root: HomeScreen()).run()
///   }
/// }
/// ```
///
/// `main()` hands the program to ``CursesRunLoop/main(_:)``: the main thread becomes one
/// `poll` loop, and nothing else changes. The program's tasks run on the toolchain's default
/// executor, the main actor is libdispatch's main queue, and no signal handler is installed
/// until a terminal session opens (which installs only what puts the terminal back). When
/// ``run()`` returns, the process exits with status 0; when it throws, one line goes to
/// standard error and the process exits with status 1, or, for a ``TerminalError`` (no
/// terminal), with that error's line and status 2. A program started with standard input,
/// output or error closed (`tool >&-`) does not start: the first descriptor it opened would
/// take that number, and frames meant for the terminal would go where the output was meant
/// to. It says which one on standard error (unless that is the one closed) and exits with
/// status 2.
///
/// A program whose command line is parsed by swift-argument-parser keeps its command an
/// `AsyncParsableCommand` without `@main`, and runs it from the program's ``run()``: the
/// command's own `main()` parses the arguments, reports their errors before the terminal is
/// touched (`--help` too), and calls the command's `run()`, whose errors it reports as well.
/// The command's `run()` is best `@MainActor`, where its screens live; it then runs on the
/// main thread, the loop's.
///
/// ```swift
/// struct Tool: TerminalProgram {   // `@main struct Tool` in a program
///   func run() async throws {
///     await ToolCommand.main()   // parses, then runs ToolCommand.run()
///   }
/// }
/// ```
///
/// A plain `async` `main` that runs the host works alike; the main thread then is not the
/// loop, and a spinner frame costs three thread switches more (docs/performance.md).
@MainActor
public protocol TerminalProgram {
  /// Makes the program, before ``run()``.
  init()

  /// Runs the program on the main actor, with the main thread as ScreenKit's run loop; the
  /// process exits when it returns or throws.
  mutating func run() async throws
}

extension TerminalProgram {
  /// Runs the program, then ends the process: what `@main` calls.
  ///
  /// NB: synchronous, so that the main thread is still the program's when it starts: an
  /// `async` `main` gives it to `dispatch_main` first, and the loop can no longer take it.
  public static func main() {
    // NB: before anything opens a descriptor, which would take the number of a closed one.
    StandardDescriptors.requireOpen()
    CursesRunLoop.main {
      var program = Self()
      do {
        try await program.run()
      } catch let error as TerminalError {
        error.exit()
      } catch {
        Self.exit(with: error)
      }
    }
  }

  /// Prints `error` (prefixed by the program name) to standard error and exits with status 1,
  /// as swift-argument-parser does for an error its commands throw.
  private static func exit(with error: any Error) -> Never {
    ProgramName.writeLine("\(error)")
    systemExit(1)
  }
}

// NB: at file scope this names the C library's function, which the extension's `exit` hides.
private func systemExit(_ status: Int32) -> Never { exit(status) }
