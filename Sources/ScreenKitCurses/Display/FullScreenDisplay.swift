import ScreenKit
import ScreenKitTerminal

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The whole terminal, through a ``CursesTerminal`` on the alternate screen.
///
/// Lines printed meanwhile cannot reach the main screen, which the alternate one covers: they
/// are held, and written there after the session, in the order they were printed.
@MainActor
final class FullScreenDisplay: Display {
  let terminal: CursesTerminal
  private let writer: CursesCanvasWriter
  private var held: [PrintedLine] = []
  /// The session's `showsFocusCursor`, read once.
  private let showsFocusCursor: Bool

  init(options: CursesTerminal.Options) throws(TerminalError) {
    terminal = try CursesTerminal(options: options)
    writer = CursesCanvasWriter(window: terminal.window, palette: terminal.palette)
    showsFocusCursor = options.showsFocusCursor
  }

  var size: Size { terminal.size }
  var presentation: Presentation { .fullScreen }
  var inputDescriptor: Int32? { terminal.options.inputDescriptor }
  var eventDescriptor: Int32? { terminal.signalDescriptor }
  var hasPendingLines: Bool { false }
  var origin: Point? { .zero }

  func makeDecoder(escapeDelay: Duration) -> InputDecoder {
    InputDecoder(
      escapeDelay: escapeDelay, sequences: terminal.keySequences,
      terminalReportsMouse: terminal.reportsMouse)
  }

  func readInput() -> TerminalInput { terminal.readInput() }
  func drainEvents() -> [TerminalRestorer.Event] { terminal.drainSignalEvents() }
  func resume() { terminal.resume() }
  func updateSize() -> Size { terminal.updateSize() }
  func setHeight(_ height: Int) -> Size? { nil }

  func draw(_ changes: FrameChanges, of grid: CellGrid) {
    let rest = CursorRest(
      cursor: changes.cursor, focus: changes.focus, showingFocus: showsFocusCursor)
    writer.write(changes, of: grid, cursor: rest.point)
    terminal.update(showingCursor: rest.isShown)
  }

  func print(_ lines: [PrintedLine]) {
    held += lines
  }

  func close() {
    terminal.close()
    PlainDisplay.write(held, to: terminal.options.outputDescriptor)
    held.removeAll()
  }
}
