// swift-format-ignore-file
import ScreenKit
import ScreenKitTerminal
import Testing

/// The examples of ScreenKitTerminal's doc comments, run: a host's frame through the writer to
/// a stand-in for the terminal (an `ANSITerminal` needs one of its own).
@MainActor @Suite struct ScreenKitTerminalDocCommentTests {
  /// What the example writes to: the bytes, as `ANSITerminal.write(_:)` takes them.
  final class Output {
    var bytes: [UInt8] = []
    func write(_ bytes: [UInt8]) { self.bytes += bytes }
  }

  final class Greeting: Screen {
    override func draw(in canvas: inout Canvas) { canvas.drawText("Hi", at: .zero) }
  }

  @Test func aHostsFrameIsWrittenAsEscapeCodes() {
    let host = ScreenHost(root: Greeting(), size: Size(width: 4, height: 1))
    let terminal = Output()
    // snippet: doc-terminal-frame-writer
    var writer = TerminalFrameWriter(depth: .palette256, placement: .screen(origin: .zero))
    if host.needsFrame {
      writer.draw(host.frame(), of: host.grid)
      terminal.write(writer.take())
    }
    // end-snippet
    #expect(String(decoding: terminal.bytes, as: UTF8.self) == "\u{1B}[1;1HHi  ")
    host.close()
  }
}
