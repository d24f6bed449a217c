import ScreenKit
import ScreenKitTerminal

/// What a ``CursesApplication`` shows its frames on, whichever `Presentation` it has: the
/// whole terminal through ncurses, a region at the cursor, or plain text when the output is
/// not a terminal.
///
/// The application's turn is written once against this: it reads input and signal events
/// from the descriptors given, hands each frame over, and commits printed lines.
@MainActor
protocol Display: AnyObject {
  /// The size the screens are laid out in.
  var size: Size { get }
  /// How the screens are shown, for their environment.
  var presentation: Presentation { get }
  /// The terminal's input to watch, or `nil` when keys are not read.
  var inputDescriptor: Int32? { get }
  /// Readable when the terminal was resized or the process continued; `nil` without one.
  var eventDescriptor: Int32? { get }
  /// The decoder for the terminal's keys.
  func makeDecoder(escapeDelay: Duration) -> InputDecoder
  /// Whether printed lines wait for the next frame.
  var hasPendingLines: Bool { get }
  /// Where the screens' top-left cell is on the terminal, for mouse reports; `nil` while it
  /// is not known (their reports are dropped then).
  var origin: Point? { get }

  /// Reads what the terminal sent, without blocking.
  func readInput() -> TerminalInput
  /// What happened to the terminal since the last call, each kind once.
  func drainEvents() -> [TerminalRestorer.Event]
  /// Takes the terminal back after the process was stopped and continued.
  func resume()
  /// Asks the terminal for its size; returns the size the screens get now.
  func updateSize() -> Size
  /// Shows a frame: the cells of `grid` that `changes` names, and the pending lines first;
  /// then the terminal's cursor on the focus (`CursorRest`, in the screens' coordinates).
  func draw(_ changes: FrameChanges, of grid: CellGrid)
  /// Commits lines above the screens, or holds them until ``close()``.
  func print(_ lines: [PrintedLine])
  /// Changes an inline region's height; returns the size the screens get now, or `nil`
  /// where the height is the terminal's.
  func setHeight(_ height: Int) -> Size?
  /// Puts the terminal back, and writes what it held.
  func close()
  /// When ``inputDeadlinePassed()`` is due (input held back, or an answer awaited, whose time
  /// is up then); `nil` while nothing is.
  var inputDeadline: ContinuousClock.Instant? { get }
  /// Called when ``inputDeadline`` changed; the application sets it.
  ///
  /// NB: a call rather than a look each turn: a spinner frame costs no more for it.
  var onInputDeadlineChange: (@MainActor () -> Void)? { get set }
  /// Returns, as input, what was held back for a deadline that has passed.
  func inputDeadlinePassed() -> [UInt8]
  /// Answers a key of the display's own before the screens see it (the accessible mode's
  /// Ctrl-L, which says where the user is); `false` for the screens to have it.
  func answers(_ event: InputEvent) -> Bool
}

extension Display {
  var inputDeadline: ContinuousClock.Instant? { nil }
  var onInputDeadlineChange: (@MainActor () -> Void)? {
    get { nil }
    set {
      // NB: a display that holds nothing back has no deadline to tell of.
    }
  }
  func inputDeadlinePassed() -> [UInt8] { [] }
  func answers(_ event: InputEvent) -> Bool { false }
}
