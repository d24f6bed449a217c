import ScreenKit
import ScreenKitCurses
import ScreenKitLoading
import Synchronization

/// A forecast, as a slow and unreliable server would send it.
struct Forecast: Sendable {
  let summary: String
  let attempt: Int
}

/// The fake server's failure; its description is what the error screen shows.
struct ServerError: Error, CustomStringConvertible {
  let attempt: Int
  var description: String { "The weather server did not answer (attempt \(attempt))." }
}

/// How many loads have started.
///
/// Odd ones fail, so the first load fails, its retry succeeds,
/// and the refresh after that fails again while the forecast stays on screen.
let attempts = Atomic(0)

@Sendable func fetchForecast() async throws -> Forecast {
  let attempt = attempts.add(1, ordering: .relaxed).newValue
  try await Task.sleep(for: .milliseconds(600))
  if attempt % 2 == 1 { throw ServerError(attempt: attempt) }
  return Forecast(summary: "Sunny, 21 °C", attempt: attempt)
}

/// A plain screen that shows a forecast and knows nothing of loading.
final class ForecastScreen: Screen {
  private let forecast: Forecast

  init(_ forecast: Forecast) {
    self.forecast = forecast
    super.init()
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("Forecast: \(forecast.summary)", at: Point(x: 2, y: 1), style: .bold)
    canvas.drawText("Loaded on attempt \(forecast.attempt)", at: Point(x: 2, y: 3))
    canvas.drawText("r refresh · q quit", at: Point(x: 2, y: 5))
  }
}

/// `swift run LoadingControllerExample`: a container loads the value, shows a spinner
/// meanwhile and an error with retry (r or Enter) on failure, then builds the screen.
@main
struct LoadingControllerExample: TerminalProgram {
  // NB: `main()`, from `TerminalProgram`, makes the main thread ScreenKit's run loop: one
  // poll, one thread per frame.
  func run() async throws {
    let controller = LoadingController(load: fetchForecast) { forecast in
      ForecastScreen(forecast)
    }
    let application = CursesApplication(root: controller)
    application.onUnhandledKey = { application, key in
      if key == .character("q") { application.quit() }
    }
    try await application.run()
  }
}
