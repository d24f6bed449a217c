// swift-format-ignore-file
import CNCurses
import ScreenKit
import ScreenKitCurses
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The screen the article "Embedding in another program" hosts.
private final class Greeting: Screen {
  override func draw(in canvas: inout Canvas) { canvas.drawText("Hi", at: .zero) }
}

/// The article's loop, with the window and input descriptor it assumes; it stops when
/// `keepGoing` says so.
@MainActor private func embeddedLoop(
  window: UnsafeMutablePointer<WINDOW>, input: Int32, keepGoing: () -> Bool
) throws(TerminalError) {
  var running: Bool { keepGoing() }
  // snippet: embedding-loop
  let palette = CursesPalette()
  let pane = try EmbeddedHost(root: Greeting(), window: window, palette: palette)
  var descriptors = [
    pollfd(fd: input, events: Int16(POLLIN), revents: 0),
    pollfd(fd: pane.wakeDescriptor, events: Int16(POLLIN), revents: 0),
  ]
  while running {
    _ = poll(&descriptors, 2, pane.pollTimeout)   // input, posted work, or the next timer
    if descriptors[0].revents != 0 {
      var bytes = [UInt8](repeating: 0, count: 4096)
      let count = read(input, &bytes, bytes.count)
      for event in pane.decode(bytes: bytes.prefix(max(count, 0))) { pane.handle(event) }
    }
    pane.tick()   // due timers and posted work
    if pane.needsFrame { pane.drawFrame() }   // wnoutrefresh only
    doupdate()
  }
  pane.close()
  // end-snippet
}

extension CursesSessionTests {
  @Test func theEmbeddingArticlesLoopDrawsThePaneAndReadsItsInput() throws {
    var pipeEnds: [Int32] = [-1, -1]
    try #require(pipe(&pipeEnds) == 0)
    defer { close(pipeEnds[0]); close(pipeEnds[1]) }
    #expect(write(pipeEnds[1], "x", 1) == 1)
    try withHostProgram { window in
      var rounds = 0
      var shown = ""
      try embeddedLoop(window: window, input: pipeEnds[0]) {
        rounds += 1
        if rounds == 2 { shown = rowText(window, y: 0, width: 4) }
        return rounds < 2
      }
      #expect(shown == "Hi  ")
    }
    var pending = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
    #expect(poll(&pending, 1, 0) == 0, "the loop read the program's input")
  }
}
