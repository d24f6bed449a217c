import DemoKit
import ScreenKitCurses

/// The demo's `@main` type: ``DemoCommand`` on ScreenKit's run loop.
///
/// A ``TerminalProgram``, as the README teaches; the argument parser's own `main` would run
/// the command on libdispatch's main queue instead. `SCREENKIT_RUN_LOOP=dispatch` does that
/// too, for the benchmark that compares the two loops.
@main
struct DemoProgram: TerminalProgram {
  /// When the program began, read before the arguments are parsed, so that `start` is traced
  /// with it.
  private let startedAt = MonotonicTime.now()

  func run() async {
    await DemoCommand.start(at: startedAt)
  }
}
