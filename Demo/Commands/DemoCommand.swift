import ArgumentParser
import DemoKit
import ScreenKit
import ScreenKitCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `Demo`: the episodes browser (the default), `Demo files [PATH]`, `Demo embed` and
/// `Demo setup`.
struct DemoCommand: DemoMode {
  static let configuration = CommandConfiguration(
    commandName: "Demo",
    abstract: "Browse a catalogue of Swift videos, loaded through both loading variants.",
    discussion: """
      Keys: ↑↓ or j/k move, Enter opens, Esc/Backspace/h goes back, r refreshes (or retries), \
      s stars an episode, Tab switches panes, ? shows help, F12 shows the loads, q quits.
      """,
    subcommands: [
      FilesCommand.self, PickCommand.self, EmbedCommand.self, ServeCommand.self,
      LoadProbeCommand.self, SetupCommand.self,
    ])

  @OptionGroup var network: NetworkOptions

  @Option(
    help: ArgumentHelp(
      "Load the catalogue from a JSON file instead of the bundled one.", valueName: "FILE"))
  var data: String?

  @Option(
    help:
      "Load episode details through a LoadingController (container), the Loading protocol, or both side by side (compare)."
  )
  var variant: Variant = .container

  @OptionGroup var display: DisplayOptions

  @OptionGroup var presentation: PresentationOptions

  /// Parses the arguments and runs the chosen mode.
  ///
  /// A bad argument ends the program here, before the terminal is touched: one line on
  /// standard error and argument-parser's exit status (64 for usage errors).
  @MainActor
  static func start(at startedAt: MonotonicTime) async {
    do {
      var command = try parseAsRoot()
      if let mode = command as? any DemoMode {
        try await mode.launch(startedAt: startedAt)
      } else {
        try command.run()
      }
    } catch {
      let status = exitCode(for: error)
      // NB: --help and --version arrive as errors that exit cleanly with their full text.
      guard !status.isSuccess else { exit(withError: error) }
      let message = message(for: error).split(whereSeparator: \.isNewline)
        .map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
      let line = Array("Demo: \(message)\n".utf8)
      _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      systemExit(status.rawValue)
    }
  }

  /// Refuses a `--data` path that cannot be opened or is a directory, before the terminal is
  /// touched; what it holds is read (and judged) by each load.
  func validate() throws {
    guard let data else { return }
    if let problem = FileReader.problemOpening(Path(argument: data)) {
      throw ValidationError("--data \(data): \(problem)")
    }
  }

  /// Runs the episodes browser.
  @MainActor
  func launch(startedAt: MonotonicTime) async throws {
    var settings = try display.settings()
    settings.presentation = presentation.presentation
    settings.trace.record(.start, at: startedAt)
    let service = CatalogueService(
      source: data.map { .file(path: $0) } ?? .bundled, network: network.conditions,
      trace: settings.trace)
    await Self.browse(service: service, variant: variant, settings: settings)
    settings.trace.reportStop()
  }

  @MainActor
  private static func browse(
    service: CatalogueService, variant: Variant, settings: DisplaySettings
  ) async {
    let browser = EpisodeBrowser(service: service, variant: variant, settings: settings)
    await DemoApplication.run(browser.makeRoot(), settings: settings)
  }
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
func systemExit(_ status: Int32) -> Never { exit(status) }
