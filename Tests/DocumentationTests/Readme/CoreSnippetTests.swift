// swift-format-ignore-file
import ScreenKit
import ScreenKitCurses
import Testing

/// README, "The core in five lines", as a host runs it, and the program that runs the host.
/// That program is compiled here and never run: its `main()` takes the process. Its quit
/// handler is `GettingStartedSnippetTests`' and, on a pseudo-terminal,
/// `CursesSessionTests.theDocumentedQuitHandlerDoesNotKeepTheApplicationAlive`.
@MainActor func coreInFiveLines(inTheTerminal: Bool = false) -> (Stage, FrameChanges) {
  // snippet: readme-core
  final class Greeting: Screen {
    override func draw(in canvas: inout Canvas) { canvas.drawText("Hi", at: .zero) }
  }
  let host = ScreenHost(root: Greeting(), size: Size(width: 80, height: 24))   // mounts it
  host.handle(.key(.down))   // input's one way in; tests use the harness
  let changes = host.frame()   // layout, focus, draw, diff: the cells this frame changed
  // end-snippet
  // snippet: readme-core-run
  struct Hi: TerminalProgram {   // `@main` in your program
    func run() async throws {
      let application = CursesApplication(root: Greeting())   // the host
      application.onUnhandledKey = { application, key in
        if key == "q" { application.quit() }
      }
      try await application.run()
    }
  }
  // end-snippet
  if inTheTerminal { Hi.main() }
  return (host.stage, changes)
}

@MainActor @Suite struct CoreSnippetTests {
  @Test func fiveLinesDrawHiAtTheTopLeftAndNothingElse() {
    let (stage, changes) = coreInFiveLines()
    #expect(stage.isMounted)
    #expect(changes.isFullRepaint && changes.cellCount == 80 * 24)
    #expect(stage.canvas.grid.lines.first == "Hi" + String(repeating: " ", count: 78))
    #expect(stage.canvas.grid.lines.dropFirst().allSatisfy { $0.allSatisfy { $0 == " " } })
  }
}
