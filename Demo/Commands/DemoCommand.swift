import ArgumentParser
import ScreenKit

/// `Demo`: the episodes browser (the default), `Demo files [PATH]` and `Demo embed`.
@main
struct DemoCommand: DemoMode {
  static let configuration = CommandConfiguration(
    commandName: "Demo",
    abstract: "Browse a catalogue of Swift videos, loaded through both loading variants.",
    discussion: """
      Keys: ↑↓ or j/k move, Enter opens, Esc/Backspace/h goes back, r refreshes (or retries), \
      Tab switches panes, ? shows help, q quits.
      """,
    subcommands: [FilesCommand.self, EmbedCommand.self])

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

  /// Reads the clock, parses the arguments and runs the chosen mode.
  static func main() async {
    let startedAt = MonotonicTime.now()
    do {
      var command = try parseAsRoot()
      if let mode = command as? any DemoMode {
        try await mode.launch(startedAt: startedAt)
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }

  /// Runs the episodes browser.
  func launch(startedAt: MonotonicTime) async throws {
    let settings = try display.settings()
    settings.trace.record(.start, at: startedAt)
    let service = CatalogueService(
      source: data.map { .file(path: $0) } ?? .bundled, network: network.conditions,
      trace: settings.trace)
    await Self.browse(service: service, variant: variant, settings: settings)
  }

  @MainActor
  private static func browse(
    service: CatalogueService, variant: Variant, settings: DisplaySettings
  ) async {
    let browser = EpisodeBrowser(service: service, variant: variant, settings: settings)
    await DemoApplication.run(browser.makeRoot(), settings: settings)
  }
}
