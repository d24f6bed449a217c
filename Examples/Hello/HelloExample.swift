import ScreenKit
import ScreenKitCurses

/// A screen that greets, and names the last key it was given.
final class HelloScreen: Screen {
  private var lastKey: Key?

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("Hello, ScreenKit!", at: Point(x: 2, y: 1), style: .bold)
    canvas.drawText("Press any key; q quits.", at: Point(x: 2, y: 3))
    if let lastKey {
      canvas.drawText("You pressed \(lastKey)", at: Point(x: 2, y: 5))
    }
  }

  override func handle(_ key: Key) -> Bool {
    // q is left to the application, which quits on it.
    if key == .character("q") { return false }
    lastKey = key
    setNeedsDisplay()
    return true
  }
}

/// `swift run HelloExample`: the smallest ScreenKit program.
@main
struct HelloExample: TerminalProgram {
  // NB: `main()`, from `TerminalProgram`, makes the main thread ScreenKit's run loop (one poll,
  // one thread per frame) and ends the process when this returns; an error thrown, a missing
  // terminal among them, ends it with one line on standard error.
  func run() async throws {
    let application = CursesApplication(root: HelloScreen())
    application.onUnhandledKey = { application, key in
      if key == .character("q") { application.quit() }
    }
    try await application.run()
  }
}
