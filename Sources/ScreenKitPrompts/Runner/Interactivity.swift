/// Whether a prompt can be asked on a terminal, and if not, why.
public enum Interactivity: Hashable, Sendable {
  /// Standard input and output are a terminal that can draw at the cursor.
  case interactive
  /// Nobody can be asked; `reason` says why, as an error message quotes it ("standard input
  /// is not a terminal", "TERM is dumb", "CI is set").
  case notInteractive(reason: String)
}
