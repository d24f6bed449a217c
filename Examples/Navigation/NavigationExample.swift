import ScreenKit
import ScreenKitCurses

/// A planet row: its moon count as a badge; Enter lists the moons.
struct Planet: ListRowDisplayable {
  let title: String
  let moons: [String]
  var badge: String? { "\(moons.count) moons" }
}

/// A probe row, of another type in the same list: its launch year as a detail.
struct Probe: ListRowDisplayable {
  let title: String
  let launched: Int
  let mission: String
  var detail: String? { "launched \(launched)" }
}

@MainActor let rows: [any ListRowDisplayable] = [
  Planet(title: "Mars", moons: ["Phobos", "Deimos"]),
  Probe(title: "Voyager 1", launched: 1977, mission: "Left the heliosphere in 2012."),
  Planet(title: "Neptune", moons: ["Triton", "Nereid", "Proteus"]),
  Probe(title: "Cassini", launched: 1997, mission: "Orbited Saturn for thirteen years."),
]

/// What Enter on a row opens: a planet's moons, or a probe's mission.
@MainActor func screen(for row: any ListRowDisplayable) -> Screen {
  switch row {
  case let planet as Planet:
    let moons = ListScreen(rows: planet.moons.map { Moon(title: $0) })
    moons.title = "Moons of \(planet.title)"
    return moons
  case let probe as Probe:
    return TextScreen(text: probe.mission, title: probe.title)
  default:
    return TextScreen(text: row.title, title: row.title)
  }
}

/// A moon row.
struct Moon: ListRowDisplayable {
  let title: String
}

/// `swift run NavigationExample`: a list of mixed rows in a navigation screen; Enter pushes,
/// Esc (or Backspace, or h) goes back, ? shows help, q quits.
@main
struct NavigationExample: TerminalProgram {
  // NB: `main()`, from `TerminalProgram`, makes the main thread ScreenKit's run loop: one
  // poll, one thread per frame.
  func run() async throws {
    let list = ListScreen(rows: rows)
    list.title = "Solar system"
    let navigation = NavigationScreen(root: list)
    list.onActivate = { _, row in navigation.push(screen(for: row)) }
    let application = CursesApplication(root: navigation)
    application.onUnhandledKey = { application, key in
      if key == .character("q") { application.quit() }
    }
    try await application.run()
  }
}
