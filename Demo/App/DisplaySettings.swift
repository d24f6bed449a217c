import ScreenKit
import ScreenKitCurses

/// What every mode shares: the trace, the spinner, colours and the mouse, as plain values for the main
/// actor (the parsed command stays with the argument parser).
struct DisplaySettings: Sendable {
  /// Where events are traced.
  var trace: Trace
  /// The spinner of every load.
  var spinner: SpinnerStyle
  /// Whether `--no-color` was given (`NO_COLOR` is honoured by the terminal itself).
  var noColor: Bool
  /// Whether `--no-mouse` was given.
  var noMouse = false
  /// The whole terminal, or an inline region (`--inline`, `--height`).
  var viewport = Viewport.fullScreen

  /// The options every load of the demo uses.
  var loadingOptions: LoadOptions {
    LoadOptions(spinner: spinner)
  }

  /// The terminal options: monochrome for `--no-color`, no mouse reporting for `--no-mouse`,
  /// and the viewport.
  var terminalOptions: CursesTerminal.Options {
    var options = CursesTerminal.Options()
    if noColor { options.colorDepth = .monochrome }
    options.mouse = !noMouse
    options.viewport = viewport
    return options
  }
}
