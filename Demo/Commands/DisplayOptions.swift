import ArgumentParser
import DemoKit
import ScreenKit

/// The flags every mode takes: spinner, colour, mouse, the focus's cursor and trace.
struct DisplayOptions: ParsableArguments {
  @Option(help: "The spinner: dots, line, ellipsis or ascii.")
  var spinner: SpinnerName = .dots

  @Flag(help: "Draw without colours (NO_COLOR in the environment does the same).")
  var noColor = false

  @Flag(help: "Leave the mouse to the terminal: no clicks or wheel in the program.")
  var noMouse = false

  @Flag(
    help: "Show the terminal's cursor on the focused element; it rests there hidden otherwise.")
  var showFocus = false

  @Flag(
    help: ArgumentHelp(
      "Accessible mode: lines for a screen reader, no grid or drawing glyphs (SCREENKIT_ACCESSIBLE=1 does the same)."
    ))
  var accessible = false

  @Option(
    help: ArgumentHelp(
      "Append one 'NAME SECONDS' line per event to FILE (CLOCK_MONOTONIC): start, load_start, load_end, mount.",
      valueName: "FILE"))
  var trace: String?

  /// The settings these flags describe; opens the trace file.
  func settings() throws -> DisplaySettings {
    var trace = Trace.disabled
    if let path = self.trace {
      do {
        trace = try Trace.open(path: path)
      } catch {
        throw ValidationError(error.description)
      }
    }
    var settings = DisplaySettings(
      trace: trace, spinner: spinner.style, noColor: noColor, noMouse: noMouse)
    settings.showsFocusCursor = showFocus
    if accessible { settings.accessible = true }
    return settings
  }
}
