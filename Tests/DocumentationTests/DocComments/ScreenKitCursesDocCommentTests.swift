// swift-format-ignore-file
import ArgumentParser
import CNCurses
import ScreenKit
import ScreenKitCurses
import Testing

/// The Swift blocks of ScreenKitCurses's doc comments, each with what it assumes around it.
///
/// They are compiled, never run here: each needs a terminal of its own, and without one
/// `error.exit()` ends the process. The programs that run the same code on a pseudo-terminal
/// are the examples (`ExampleProgramTests`) and the embedding article's test.
@MainActor enum ScreenKitCursesDocComments {
  /// The program's first screen.
  final class HomeScreen: Screen {}

  /// A status pane, as `EmbeddedHost`'s example hosts it.
  final class StatusScreen: Screen {}

  /// A program's `@main` type, as `CursesRunLoop`'s example has it.
  enum App {
    // snippet: doc-curses-run-loop
    static func main() {
      CursesRunLoop.main {
        let application = CursesApplication(root: HomeScreen())
        do throws(TerminalError) { try await application.run() } catch { error.exit() }
      }
    }
    // end-snippet
  }

  // snippet: doc-terminal-program
  struct Hello: TerminalProgram {   // `@main struct Hello` in a program
    func run() async throws {
      try await CursesApplication(root: HomeScreen()).run()
    }
  }
  // end-snippet

  /// A command line, as `TerminalProgram`'s example parses it.
  struct ToolCommand: AsyncParsableCommand {
    @Option var name = "world"

    @MainActor func run() async throws {
      try await CursesApplication(root: HomeScreen()).run()
    }
  }

  // snippet: doc-terminal-program-command
  struct Tool: TerminalProgram {   // `@main struct Tool` in a program
    func run() async throws {
      await ToolCommand.main()   // parses, then runs ToolCommand.run()
    }
  }
  // end-snippet

  static func runApplication() async {
    // snippet: doc-curses-application
    let application = CursesApplication(root: HomeScreen())
    application.onUnhandledKey = { application, key in
      if key == "q" { application.quit() }
    }
    do { try await application.run() } catch { error.exit() }
    // end-snippet
  }

  /// One turn of `EmbeddedHost`'s example program.
  static func embed(
    paneWindow: UnsafeMutablePointer<WINDOW>, status: Int32, value: wint_t
  ) throws(TerminalError) {
    let stdin: Int32 = 0
    func poll(_ descriptors: [Int32], timeout: Int32) {}
    // snippet: doc-embedded-host
    let palette = CursesPalette()
    let pane = try EmbeddedHost(root: StatusScreen(), window: paneWindow, palette: palette)
    // in the program's loop:
    poll([stdin, pane.wakeDescriptor], timeout: pane.pollTimeout)
    for event in pane.decode(getWchStatus: status, value: value) { pane.handle(event) }
    pane.tick()
    if pane.needsFrame { pane.drawFrame() }
    doupdate()
    // end-snippet
  }

  /// `CursesRestore`'s example program, with the `poll` it stands for.
  static func restoreTheTerminal() throws(TerminalError) {
    let stdin: Int32 = 0
    func poll(_ descriptors: [Int32], timeout: Int32) {}
    // snippet: doc-curses-restore
    let restore = try CursesRestore()   // before initscr
    initscr()
    restore.cursesStarted()
    // in the program's loop:
    poll([stdin, restore.eventDescriptor], timeout: -1)
    restore.events()    // resizes ncurses (KEY_RESIZE), or sets it up again after fg
    restore.update()    // doupdate: a Ctrl-Z meanwhile waits for its end
    // at the end:
    endwin()
    restore.close()
    // end-snippet
  }
}
