import CNCurses
import Dispatch
import Glibc
import ScreenKit
import ScreenKitCurses

/// A plain ncurses program, written against the C API, that hosts a ScreenKit
/// `LoadingController` in a pane: it owns `initscr`/`endwin`, its loop (`poll` on the keyboard
/// and the host's wake descriptor, with the host's next deadline as the timeout) and its own
/// sidebar.
///
/// The load completes on a background queue after a second, so its completion reaches the
/// pane through the wake descriptor. Keys go to the pane first (`r` refreshes); the sidebar
/// takes the arrows the pane leaves, `q` quits.
@main
enum EmbedExample {
  static let sidebarWidth: Int32 = 22
  static let items = ["Inbox", "Drafts", "Sent", "Archive", "Spam"]

  static func main() throws {
    setlocale(LC_ALL, "")
    guard initscr() != nil, let screen = sk_stdscr() else { return }
    defer { endwin() }
    cbreak()
    noecho()
    nonl()
    keypad(screen, true)
    nodelay(screen, true)
    _ = curs_set(0)
    set_escdelay(25)
    if has_colors() {
      start_color()
      use_default_colors()
      init_pair(1, Int16(COLOR_BLACK), Int16(COLOR_CYAN))
    }

    guard let pane = newwin(sk_lines(), max(1, sk_cols() - sidebarWidth), 0, sidebarWidth) else {
      return
    }
    defer { delwin(pane) }
    let loader = LoadingController<String>(
      load: { completion in
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(1)) {
          completion(.success("ScreenKit pane 画面"))
        }
      },
      build: { greeting in TickerScreen(greeting: greeting) })
    let host = try EmbeddedHost(root: loader, window: pane, palette: CursesPalette())
    defer { host.close() }
    var selection = 0
    var sidebarDirty = true

    loop: while true {
      if sidebarDirty {
        drawSidebar(screen, selection: selection)
        wnoutrefresh(screen)
        sidebarDirty = false
      }
      if host.needsDraw { host.draw() }
      doupdate()

      var descriptors = [
        pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
        pollfd(fd: host.wakeDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let timeout = host.timeUntilNextDeadline.map(milliseconds(roundingUp:)) ?? -1
      _ = poll(&descriptors, nfds_t(descriptors.count), timeout)

      var value: wint_t = 0
      while true {
        let status = wget_wch(screen, &value)
        if status == ERR { break }
        if status == KEY_CODE_YES && Int32(bitPattern: value) == KEY_RESIZE {
          wresize(pane, sk_lines(), max(1, sk_cols() - sidebarWidth))
          host.move(to: pane)
          werase(screen)
          sidebarDirty = true
          continue
        }
        if host.handle(getWchStatus: status, value: value) { continue }
        if status == OK && value == UInt32(UInt8(ascii: "q")) { break loop }
        if status == KEY_CODE_YES && Int32(bitPattern: value) == KEY_UP {
          selection = max(0, selection - 1)
          sidebarDirty = true
        } else if status == KEY_CODE_YES && Int32(bitPattern: value) == KEY_DOWN {
          selection = min(items.count - 1, selection + 1)
          sidebarDirty = true
        }
      }
      host.tick()
    }
  }

  /// Draws the program's own sidebar with plain ncurses calls.
  static func drawSidebar(_ screen: UnsafeMutablePointer<WINDOW>, selection: Int) {
    for row in 0..<sk_lines() {
      mvwaddstr(screen, row, sidebarWidth - 1, "│")
    }
    mvwaddstr(screen, 0, 1, "ncurses sidebar")
    for (index, item) in items.enumerated() {
      let attributes = index == selection ? sk_a_reverse() : sk_a_normal()
      wattr_on(screen, attributes, nil)
      mvwaddstr(screen, Int32(index) + 2, 1, " \(item) ".padding(to: Int(sidebarWidth) - 3))
      wattr_off(screen, attributes, nil)
    }
    mvwaddstr(screen, sk_lines() - 1, 1, "↑↓ move · q quit")
  }

  /// `duration` in whole milliseconds, rounded up so `poll` never wakes before it is due.
  static func milliseconds(roundingUp duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
  }
}

extension String {
  /// The string padded with spaces to `width` characters.
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
