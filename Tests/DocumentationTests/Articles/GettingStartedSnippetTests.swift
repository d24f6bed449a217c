import ScreenKit
import ScreenKitCurses
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Getting started article's screen, as the README's core example declares it.
final class Greeting: Screen {
  override func draw(in canvas: inout Canvas) { canvas.drawText("Hi", at: .zero) }
}

/// Getting started, "In a terminal": compiled here; never called, because without a terminal
/// `error.exit()` ends the process.
@MainActor func runGreetingInTheTerminal() async {
  // snippet: getting-started-run
  let application = CursesApplication(root: Greeting())
  application.onUnhandledKey = { application, key in
    if key == "q" { application.quit() }
  }
  do { try await application.run() } catch { error.exit() }
  // end-snippet
}

@MainActor @Suite struct GettingStartedSnippetTests {
  /// The same handler on a pseudo-terminal, where `q` is typed, is
  /// `CursesSessionTests.theDocumentedQuitHandlerDoesNotKeepTheApplicationAlive`.
  @Test func theQuitHandlerEndsTheApplicationOnQ() async throws {
    // NB: descriptors that are no terminal, so that a handler that failed to quit makes run()
    // throw rather than take over the terminal the tests run in.
    let nowhere = open("/dev/null", O_RDWR)
    defer { close(nowhere) }
    var options = CursesTerminal.Options()
    options.inputDescriptor = nowhere
    options.outputDescriptor = nowhere
    let application = CursesApplication(root: Greeting(), options: options)
    application.onUnhandledKey = { application, key in
      if key == "q" { application.quit() }
    }
    application.onUnhandledKey?(application, "q")
    // After quit(), run() returns at once without touching the terminal; had "q" not quit,
    // it would throw here: its descriptors are no terminal.
    try await application.run()
    #expect(application.frameCount == 0)
  }

  @Test func theArticlesScreenDrawsHi() {
    let stage = Stage(root: Greeting(), size: Size(width: 4, height: 1))
    stage.mount()
    stage.frame()
    #expect(stage.canvas.grid.lines == ["Hi  "])
  }
}
