/// How the host shows the hierarchy: over the whole terminal, or in a region of rows at the
/// cursor, inside the normal scrollback.
///
/// The one choice for both sides of it: a program picks it in its host's options
/// (`CursesTerminal.Options.presentation` in ScreenKitCurses), and the host sets it in the
/// stage's environment, where screens read it (`environment.presentation`) to look as a
/// program of that kind should: a progress indicator, say, as a status line at the region's
/// top-left inline (`if case .inline = environment.presentation`), as command-line tools do,
/// and centred full screen.
public enum Presentation: Hashable, Sendable {
  /// The whole terminal, on the alternate screen (the shell's screen comes back at the end),
  /// or a pane a program gave the host.
  case fullScreen
  /// A region of `height` rows at the cursor, in the normal screen: what the program prints
  /// goes above it into the scrollback, and at the end the region is left as `exit` says,
  /// with the cursor on the line below.
  ///
  /// The region is at most the terminal's height. When standard output is not a terminal
  /// (a pipe, a log) or the terminal cannot go back up a line, no escape code is written:
  /// what was printed, then the last frame as plain text.
  case inline(height: Int, exit: InlineExit = .keepLastFrame)
}

private struct PresentationKey: EnvironmentKey {
  static var defaultValue: Presentation { .fullScreen }
}

extension EnvironmentValues {
  /// How the host shows the hierarchy; ``Presentation/fullScreen`` unless it says otherwise.
  public var presentation: Presentation {
    get { self[PresentationKey.self] }
    set { self[PresentationKey.self] = newValue }
  }
}
