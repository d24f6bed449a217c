// swift-format-ignore-file
import CNCurses
import ScreenKit
import ScreenKitCurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Embedding in another program, "The loop": compiled here, not run; it reads the process's
/// standard input. ScreenKitCursesTests drive `EmbeddedHost` on a pseudo-terminal.
@MainActor func embeddedLoop(
  window: UnsafeMutablePointer<WINDOW>, keepGoing: () -> Bool
) throws(TerminalError) {
  var running: Bool { keepGoing() }
  // snippet: embedding-loop
  let palette = CursesPalette()
  let pane = try EmbeddedHost(root: Greeting(), window: window, palette: palette)
  var descriptors = [
    pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
    pollfd(fd: pane.wakeDescriptor, events: Int16(POLLIN), revents: 0),
  ]
  while running {
    _ = poll(&descriptors, 2, pane.pollTimeout)   // input, posted work, or the next timer
    if descriptors[0].revents != 0 {
      var bytes = [UInt8](repeating: 0, count: 4096)
      let count = read(STDIN_FILENO, &bytes, bytes.count)
      pane.handle(bytes: bytes.prefix(max(count, 0)))   // keys for the pane
    }
    pane.tick()   // due timers and posted work
    if pane.needsDraw { pane.draw() }   // wnoutrefresh only
    doupdate()
  }
  pane.close()
  // end-snippet
}
