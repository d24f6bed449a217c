import ArgumentParser
import DemoKit

/// `Demo load-probe [container|protocol]`: one loading screen of a chosen variant, a load of a fixed time, then one
/// line of text, and nothing else on screen.
///
/// It is the job the benchmarks time from outside beside a C + ncurses program doing the same
/// (the package's `NcursesReference`): the spinner shows at once, the load sleeps on the
/// cooperative pool like the catalogue's, and `--trace` records `load_end` before the UI sees
/// the result, so "child visible" is measured from the same instant in both programs.
struct LoadProbeCommand: DemoMode {
  static let configuration = CommandConfiguration(
    commandName: "load-probe",
    abstract: "Show one loading screen (container or protocol variant), then one line of text.")

  // NB: an argument, not `--variant`: the root command owns that option, and ArgumentParser
  // hands it to the root even after the subcommand's name.
  @Argument(help: "The loading variant: container or protocol.")
  var variant: Variant = .container

  @Option(help: ArgumentHelp("How long the load takes, exactly.", valueName: "SECONDS"))
  var seconds = 3.0

  @Option(help: ArgumentHelp("The line the loaded screen shows.", valueName: "TEXT"))
  var text = "Loaded."

  @OptionGroup var display: DisplayOptions

  @OptionGroup var presentation: PresentationOptions

  /// Rejects values the probe cannot show before the terminal is touched.
  func validate() throws {
    guard variant != .compare else {
      throw ValidationError("load-probe measures one variant: container or protocol.")
    }
    guard seconds >= 0, seconds <= 600 else {
      throw ValidationError("--seconds must be between 0 and 600.")
    }
    guard !text.isEmpty, !text.contains(where: \.isNewline) else {
      throw ValidationError("--text must be one non-empty line.")
    }
  }

  /// Runs the probe until `q`.
  @MainActor
  func launch(startedAt: MonotonicTime) async throws {
    var settings = try display.settings()
    settings.presentation = presentation.presentation
    settings.trace.record(.start, at: startedAt)
    let delay = Duration.milliseconds(Int((seconds * 1000).rounded()))
    await LoadProbe.run(variant: variant, delay: delay, text: text, settings: settings)
  }
}
