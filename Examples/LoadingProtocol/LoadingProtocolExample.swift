import ScreenKit
import ScreenKitCurses
import ScreenKitLoading
import Synchronization

/// A quote, as a slow and unreliable server would send it.
struct Quote: Sendable {
  let text: String
  let attempt: Int
}

/// The fake server's failure; its description is what the screen shows.
struct ServerError: Error, CustomStringConvertible {
  let attempt: Int
  var description: String { "The quote server did not answer (attempt \(attempt))." }
}

/// How many loads have started.
///
/// Odd ones fail, so the first load fails, its retry succeeds,
/// and the refresh after that fails again while the quote stays on screen.
let attempts = Atomic(0)

@Sendable func fetchQuote() async throws -> Quote {
  let attempt = attempts.add(1, ordering: .relaxed).newValue
  try await Task.sleep(for: .milliseconds(600))
  if attempt % 2 == 1 { throw ServerError(attempt: attempt) }
  return Quote(text: "Simple things should be simple.", attempt: attempt)
}

/// A screen that loads its own value through the `Loading` protocol, written as the README's
/// "Loading, two ways" shows it: the stored loader, `configure`, and the start of the load.
///
/// The core does the rest for any `Loading` screen: focus, the spinner and the error drawn
/// instead of `draw(in:)`, r and Enter to retry or refresh, and cancellation on disappearance.
final class QuoteScreen: Screen, Loading {
  let screenLoad = ScreenLoad<Quote>()
  var quote: Quote?
  func configure(value: Quote) {
    quote = value
    setNeedsDisplay()
  }
  override func didAppear() { load { try await fetchQuote() } }
  override func draw(in canvas: inout Canvas) {
    canvas.drawText("Quote: \(quote?.text ?? "")", at: Point(x: 2, y: 1), style: .bold)
    canvas.drawText("Loaded on attempt \(quote?.attempt ?? 0)", at: Point(x: 2, y: 3))
    canvas.drawText("r refresh · q quit", at: Point(x: 2, y: 5))
  }
}

/// `swift run LoadingProtocolExample`: the load of LoadingControllerExample, by the screen.
///
/// Keys the screen and its loader leave (q) go on to the application.
@main
struct LoadingProtocolExample: TerminalProgram {
  // NB: `main()`, from `TerminalProgram`, makes the main thread ScreenKit's run loop: one
  // poll, one thread per frame.
  func run() async throws {
    let application = CursesApplication(root: QuoteScreen())
    application.onUnhandledKey = { application, key in
      if key == .character("q") { application.quit() }
    }
    try await application.run()
  }
}
