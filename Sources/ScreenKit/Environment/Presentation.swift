/// How the host shows the hierarchy: over the whole terminal, or in a region of rows at the
/// cursor, inside the normal scrollback.
///
/// Hosts set it in the stage's environment; screens read it (`environment.presentation`) to
/// look as a program of that kind should: a progress indicator, say, as a status line at the
/// region's top-left inline, as command-line tools do, and centred full screen.
public enum Presentation: Hashable, Sendable {
  /// The whole terminal (the alternate screen), or a pane a program gave the host.
  case fullScreen
  /// A region of rows at the cursor, above which committed lines stay in the scrollback.
  case inline
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
