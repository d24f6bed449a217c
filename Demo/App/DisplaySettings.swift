package import ScreenKit
package import ScreenKitCurses
package import ScreenKitLoading

/// What every mode shares: the trace, the spinner, colours and the mouse, as plain values for the main
/// actor (the parsed command stays with the argument parser).
package struct DisplaySettings: Sendable {
  /// Where events are traced.
  package var trace: Trace
  /// The spinner of every load.
  package var spinner: SpinnerStyle
  /// Whether `--no-color` was given (`NO_COLOR` is honoured by the terminal itself).
  package var noColor: Bool
  /// Whether `--no-mouse` was given.
  package var noMouse = false
  /// Whether `--show-focus` was given: the cursor shows where it rests, on the focus.
  package var showsFocusCursor = false
  /// Whether the accessible mode is on: `--accessible`, or `SCREENKIT_ACCESSIBLE=1`.
  package var accessible = CursesTerminal.Options.isAccessibleRequested
  /// The whole terminal, or an inline region (`--inline`, `--height`).
  package var presentation = Presentation.fullScreen

  /// Settings for the whole terminal.
  package init(
    trace: Trace = .disabled, spinner: SpinnerStyle = .dots, noColor: Bool = false,
    noMouse: Bool = false
  ) {
    self.trace = trace
    self.spinner = spinner
    self.noColor = noColor
    self.noMouse = noMouse
  }

  /// The options every load of the demo uses.
  package var loadingOptions: LoadOptions {
    LoadOptions(spinner: spinner)
  }

  /// The terminal options: monochrome for `--no-color`, no mouse reporting for `--no-mouse`,
  /// the cursor shown on the focus for `--show-focus`, and the presentation.
  package var terminalOptions: CursesTerminal.Options {
    var options = CursesTerminal.Options()
    if noColor { options.colorDepth = .monochrome }
    options.mouse = !noMouse
    options.showsFocusCursor = showsFocusCursor || accessible
    options.accessible = accessible
    options.presentation = presentation
    return options
  }
}
