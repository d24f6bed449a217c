import ScreenKit
import ScreenKitTerminal

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An inline viewport on an output that cannot draw a region: plain text, no escape code.
///
/// The output is not a terminal (a pipe, a log file, CI) or its type cannot go back up a line
/// (`TERM=dumb`). Printed lines are appended as they come, and the last frame as plain text
/// at the end (unless the region is to be cleared), its trailing blanks dropped.
///
/// There is no terminal session: the terminal's modes, the program's signals and its locale
/// stay as they were. When the input is a terminal, its lines are read as keys (`q` and Enter
/// quits the demo; end of file ends the program); input that is not a terminal is the
/// program's own and is not read.
@MainActor
final class PlainDisplay: Display {
  private let descriptor: Int32
  private let exit: InlineExit
  let inputDescriptor: Int32?
  private var grid: CellGrid?
  private var height: Int
  private let width: Int
  private var buffer = [UInt8](repeating: 0, count: 4096)

  /// Plain output on `descriptor`, `width` columns wide; keys from `input` when it is a
  /// terminal.
  init(descriptor: Int32, input: Int32, width: Int, height: Int, exit: InlineExit) {
    self.descriptor = descriptor
    self.exit = exit
    self.inputDescriptor = isatty(input) != 0 ? input : nil
    self.width = max(1, width)
    self.height = max(1, height)
  }

  var size: Size { Size(width: width, height: height) }
  var presentation: Presentation { .inline(height: height, exit: exit) }
  var eventDescriptor: Int32? { nil }
  var hasPendingLines: Bool { false }
  var origin: Point? { nil }

  func makeDecoder(escapeDelay: Duration) -> InputDecoder {
    InputDecoder(terminalReportsMouse: false)
  }

  func readInput() -> TerminalInput {
    guard let input = inputDescriptor else { return .ended }
    let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    if count > 0 { return .bytes(Array(buffer[0..<count])) }
    return count < 0 && (errno == EINTR || errno == EAGAIN) ? .nothing : .ended
  }
  func drainEvents() -> [TerminalRestorer.Event] { [] }
  func resume() {}
  func updateSize() -> Size { size }

  func setHeight(_ height: Int) -> Size? {
    self.height = max(1, height)
    return size
  }

  /// Keeps the grid for the end; plain text has no cursor to place.
  func draw(_ changes: FrameChanges, of grid: CellGrid) {
    self.grid = grid
  }

  func print(_ lines: [PrintedLine]) {
    Self.write(lines, to: descriptor)
  }

  func close() {
    guard let grid, exit == .keepLastFrame else { return }
    var rows: [String] = []
    for y in 0..<grid.size.height {
      var text = ""
      for x in 0..<grid.size.width where !grid[x, y].isContinuation {
        text.append(grid[x, y].character)
      }
      while text.last == " " { text.removeLast() }
      rows.append(text)
    }
    while rows.last?.isEmpty == true { rows.removeLast() }
    Self.write(rows.map { PrintedLine(text: $0, style: .plain) }, to: descriptor)
    self.grid = nil
  }

  /// Writes each line and a line feed, whole, to `descriptor`; gives up when it fails (a
  /// closed pipe).
  static func write(_ lines: [PrintedLine], to descriptor: Int32) {
    guard !lines.isEmpty else { return }
    var bytes: [UInt8] = []
    for line in lines {
      bytes += line.text.utf8
      bytes.append(10)
    }
    DescriptorOutput.writeAll(bytes, to: descriptor)
  }
}
