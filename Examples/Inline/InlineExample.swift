import ScreenKit
import ScreenKitCurses
import ScreenKitLoading

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// A package, as a slow registry would send it.
struct Package: Sendable {
  let name: String
  let milliseconds: Int
}

/// The registry's failure; its description is what the error screen shows.
struct RegistryError: Error, CustomStringConvertible {
  let name: String
  var description: String { "The registry did not answer for \(name)." }
}

/// What the tool says above its region: a line per package, then the summary.
///
/// It exists before the application does, so that the load and the screens can reach it.
@MainActor
final class Report {
  weak var application: CursesApplication?
  /// Failures still to come, for `--fail`.
  var failures: Int
  /// The exit status: 1 when the user gave up.
  var status: Int32 = 0

  init(failures: Int) {
    self.failures = failures
  }

  func fetched(_ package: Package) {
    application?.print("✓ \(package.name) (\(package.milliseconds) ms)")
  }

  func takeFailure() -> Bool {
    defer { failures -= 1 }
    return failures > 0
  }

  func finish(_ packages: [Package]) {
    application?.print("Fetched \(packages.count) packages.", style: .bold)
    application?.quit()
  }
}

/// `swift run InlineExample [--fail] [--fullscreen]`: a command-line tool.
///
/// It fetches packages with a spinner and a progress bar in three rows at the cursor, prints a
/// line above them as each arrives (those stay in the scrollback), then prints a summary and
/// exits; the spinner's rows are cleared. With `--fail` the third package fails: the error offers a retry (r or Enter), and
/// `q` gives up with exit status 1. Piped (`| cat`), it writes only the printed lines. With
/// `--fullscreen` the same program takes the whole terminal, and the printed lines appear on
/// the main screen when it ends.
@main
struct InlineExample: TerminalProgram {
  // NB: nonisolated, as the program's type is the main actor's (`TerminalProgram` is) and the
  // load reads the names on the pool.
  nonisolated static let names = [
    "swift-argument-parser", "swift-collections", "swift-system", "swift-log",
  ]

  func run() async throws {
    let report = Report(failures: CommandLine.arguments.contains("--fail") ? 1 : 0)
    let controller = Self.fetch(report: report, clock: ContinuousClock())
    var options = CursesTerminal.Options()
    if !CommandLine.arguments.contains("--fullscreen") {
      options.presentation = .inline(height: 3, exit: .clear)
    }
    let application = CursesApplication(root: controller, options: options)
    report.application = application
    application.onUnhandledKey = { application, key in
      if key == .character("q") {
        report.status = 1
        application.quit()
      }
    }
    try await application.run()
    exit(report.status)
  }

  /// What the region shows: the packages fetched one after another, 300 ms each on `clock`,
  /// with a spinner and a progress bar; `report` hears of each, and of the end.
  @MainActor
  static func fetch<C: Clock & Sendable>(report: Report, clock: C) -> LoadingController<[Package]>
  where C.Duration == Duration {
    LoadingController(
      source: .async { progress in
        var fetched: [Package] = []
        for (index, name) in names.enumerated() {
          progress.report(fraction: Double(index) / Double(names.count), message: name)
          try await clock.sleep(for: .milliseconds(300))
          if index == 2, await report.takeFailure() { throw RegistryError(name: name) }
          let package = Package(name: name, milliseconds: 300)
          fetched.append(package)
          await report.fetched(package)
        }
        return fetched
      },
      options: LoadOptions(label: "Fetching packages…"),
      build: { packages in
        report.finish(packages)
        return Screen()
      })
  }
}
