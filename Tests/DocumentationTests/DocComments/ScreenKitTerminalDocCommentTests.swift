// swift-format-ignore-file
import ScreenKit
import ScreenKitSimulation
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

  @Test func aHostsInputIsDecodedAndAnEscapeAloneWaitsForTheTick() {
    let clock = VirtualClock()
    let host = ScreenHost(
      root: Greeting(), size: Size(width: 4, height: 1),
      scheduler: Scheduler(clock: ScreenClock(clock)))
    var unhandled: [Key] = []
    host.onUnhandledKey = { unhandled.append($0) }
    var bytesRead = Array("q".utf8)
    // snippet: doc-host-input-decoder
    let input = HostInputDecoder(host: host)
    // in the program's loop:
    for event in input.decode(bytes: bytesRead) { host.handle(event) }
    host.tick()
    // end-snippet
    #expect(unhandled == [.character("q")])
    bytesRead = [0x1B]
    for event in input.decode(bytes: bytesRead) { host.handle(event) }
    #expect(unhandled == [.character("q")], "an Escape alone was a key before its delay")
    clock.advance(to: .init(offset: .seconds(1)))
    host.tick()
    #expect(unhandled == [.character("q"), .escape])
    host.close()
  }
}
