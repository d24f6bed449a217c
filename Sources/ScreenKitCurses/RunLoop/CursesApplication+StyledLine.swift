public import ScreenKit

extension CursesApplication {
  /// Commits one line made of `runs`, each drawn in its style where escape codes are written,
  /// as ``print(_:style:)`` commits a line of one style (a prompt's answer line: its symbol,
  /// its question and its answer, each in the theme's style).
  ///
  /// Control characters, a line feed included, are shown in caret notation: it is one line.
  public func print(_ runs: [(text: String, style: Style)]) {
    commit([PrintedLine(runs: runs)])
  }
}
