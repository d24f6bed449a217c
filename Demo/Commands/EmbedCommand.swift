import ArgumentParser
import DemoKit

/// `Demo embed`: a plain ncurses program hosting the episodes list in a pane of its own
/// window, through `EmbeddedHost`.
struct EmbedCommand: DemoMode {
  static let configuration = CommandConfiguration(
    commandName: "embed",
    abstract: "Host the episodes list inside a foreign ncurses program (EmbeddedHost).")

  @OptionGroup var network: NetworkOptions
  @OptionGroup var display: DisplayOptions

  /// Runs the embedding program.
  @MainActor
  func launch(startedAt: MonotonicTime) async throws {
    let settings = try display.settings()
    settings.trace.record(.start, at: startedAt)
    let service = CatalogueService(network: network.conditions, trace: settings.trace)
    await EmbedProgram.run(service: service, settings: settings)
    settings.trace.reportStop()
  }
}
