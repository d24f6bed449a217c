/// A terminal mode a session may turn on beyond what terminfo's `smcup`/`rmcup` cover, with
/// the sequences that turn it on and off.
///
/// Every case is switched off whenever the terminal is put back (a normal close, a signal, a
/// crash, the process's death), whether or not it was turned on: a new mode a session uses
/// only needs a case here to be covered.
public enum TerminalMode: CaseIterable, Sendable {
  /// Pastes arrive between `ESC[200~` and `ESC[201~`.
  case bracketedPaste
  /// Mouse button presses and releases are reported.
  case mouseButtons
  /// Mouse motion with a button held is reported.
  case mouseDrags
  /// All mouse motion is reported.
  case mouseMotion
  /// Mouse reports use the SGR (1006) encoding.
  case mouseSGREncoding
  /// The terminal reports gaining and losing the user's focus, as `ESC [ I` and `ESC [ O`.
  case focusReporting

  /// The DEC private mode number.
  private var number: Int {
    switch self {
    case .bracketedPaste: 2004
    case .mouseButtons: 1000
    case .mouseDrags: 1002
    case .mouseMotion: 1003
    case .mouseSGREncoding: 1006
    case .focusReporting: 1004
    }
  }

  /// The sequence that turns the mode on.
  public var onSequence: String { "\u{1B}[?\(number)h" }

  /// The sequence that turns the mode off.
  public var offSequence: String { "\u{1B}[?\(number)l" }

  /// The sequences that turn every mode off, in declaration order.
  public static var allOffSequences: String { allCases.map(\.offSequence).joined() }
}
