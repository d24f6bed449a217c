import CNCurses
import ScreenKit
import ScreenKitCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The ScreenKit screen the program hosts in its pane: it names its size and the last key it
/// was given.
final class PaneScreen: Screen {
  private var lastKey: Key?

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("A ScreenKit screen in the pane", at: Point(x: 1, y: 0), style: .bold)
    canvas.drawText("Pane \(bounds.size.width)x\(bounds.size.height)", at: Point(x: 1, y: 1))
    if let lastKey { canvas.drawText("The pane got \(lastKey)", at: Point(x: 1, y: 2)) }
  }

  override func handle(_ key: Key) -> Bool {
    lastKey = key
    setNeedsDisplay()
    return true
  }
}

/// `swift run EmbeddingExample`: a plain ncurses program hosting a screen.
///
/// The program owns the terminal, its loop and its header line, and hosts the screen below
/// that through `EmbeddedHost`; `CursesRestore` puts the terminal back however it ends. Demo/Embed
/// is the full version (colours, a sidebar, loads).
@main
@MainActor
enum EmbeddingExample {
  static func main() {
    setlocale(LC_ALL, "")
    // Before initscr: ncurses then leaves the signals to it.
    let restore: CursesRestore
    do throws(TerminalError) { restore = try CursesRestore() } catch { error.exit() }
    defer { restore.close() }
    guard let window = initscr() else { return }  // initscr exits with a message itself
    restore.cursesStarted()
    defer { endwin() }
    // Not raw(): Ctrl-C and Ctrl-Z stay signals, which put the terminal back, then end or stop.
    cbreak()
    noecho()
    keypad(window, true)
    nodelay(window, true)
    _ = curs_set(0)
    mvwaddstr(window, 0, 1, "A plain ncurses program: q quits, other keys go to the pane.")
    wnoutrefresh(window)
    guard let pane = newwin(sk_lines() - 2, sk_cols(), 2, 0) else { return }
    defer { delwin(pane) }
    guard let host = try? EmbeddedHost(root: PaneScreen(), window: pane, palette: CursesPalette())
    else { return }
    defer { host.close() }
    while true {
      if host.needsFrame { host.drawFrame() }
      restore.update()  // doupdate, which a Ctrl-Z lets finish
      // Sleeps until a key, a resize or a continue, work posted to the host from another thread,
      // or its next timer.
      var descriptors = [0, restore.eventDescriptor, host.wakeDescriptor].map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&descriptors, nfds_t(descriptors.count), host.pollTimeout)
      restore.events()  // a resize arrives as KEY_RESIZE; after fg ncurses has the terminal again
      var value: wint_t = 0
      while case let status = wget_wch(window, &value), status != ERR {
        if status == OK && value == wint_t(UInt8(ascii: "q")) { return }
        if status == KEY_CODE_YES && Int32(truncatingIfNeeded: value) == KEY_RESIZE {
          wresize(pane, sk_lines() - 2, sk_cols())
        }
        // KEY_RESIZE refits the screen.
        for event in host.decode(getWchStatus: status, value: value) { host.handle(event) }
      }
      host.tick()
    }
  }
}
