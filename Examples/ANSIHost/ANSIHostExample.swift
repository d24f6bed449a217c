import ScreenKit
import ScreenKitLoading
import ScreenKitTerminal
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How many loads have started; each one says its number.
let loads = Atomic(0)

/// `swift run ANSIHostExample`: a program that writes ANSI escape codes itself, with no
/// ncurses, and hosts a loading screen in a pane beside its own sidebar through `ScreenHost`;
/// `ANSITerminal` sets the terminal up and puts it back however the program ends.
@main
@MainActor
enum ANSIHostExample {
  static let sidebarWidth = 24
  /// Where the pane's top-left cell is on the terminal, zero-based: right of the sidebar,
  /// below the title line.
  static let paneOrigin = Point(x: sidebarWidth, y: 1)

  static func main() {
    var options = ANSITerminal.Options()
    // Bracketed paste, clicks and the wheel in SGR form.
    options.modes = [.bracketedPaste, .mouseButtons, .mouseSGREncoding]
    let terminal: ANSITerminal
    do throws(TerminalError) {
      terminal = try ANSITerminal(options: options)
    } catch {
      error.exit()  // no terminal: one line on standard error, exit status 2
    }
    let controller = pane {
      let load = loads.add(1, ordering: .relaxed).newValue
      try await Task.sleep(for: .milliseconds(400))
      return load
    }
    let wakes = WakePipe()
    let host = ScreenHost(root: controller, size: paneSize(terminal), wake: wakes.wake)
    // Keys cut between reads wait for their rest; a lone Escape reaches the host at its
    // deadline, in `host.tick()`.
    let input = HostInputDecoder(host: host)
    // NB: xterm's sequences in 256 colours, as any terminal emulator takes; the pane's cells
    // are drawn at its origin, moving there afresh each frame, as the sidebar moves the cursor.
    var writer = TerminalFrameWriter(depth: .palette256, placement: .screen(origin: paneOrigin))
    drawSidebar(terminal)
    while true {
      if host.needsFrame {
        writer.draw(host.frame(), of: host.grid)
        terminal.write(writer.take())
      }
      // Sleeps until a key, a resize or a continue, work posted to the host, or the host's
      // next timer.
      var descriptors = [terminal.options.inputDescriptor, terminal.eventDescriptor, wakes.readEnd]
        .map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      _ = poll(&descriptors, nfds_t(descriptors.count), host.pollTimeout)
      wakes.drain()
      let events = terminal.events()
      if !events.isEmpty { drawSidebar(terminal) }
      if events.contains(.resized) { host.handle(.resize(paneSize(terminal))) }
      if events.contains(.continued) {
        // NB: the terminal was set up again, the cursor hidden: everything is drawn again.
        writer.restart()
        host.invalidateOutput()
      }
      switch terminal.readInput() {
      case .bytes(let bytes):
        for event in input.decode(bytes: bytes) {
          switch event {
          // Raw mode delivers Ctrl-C as a key, not a signal: it quits as q does.
          case .key(.character("q")), .key(.control("c")): quit(terminal, host, status: 0)
          case .mouse(let mouse): route(mouse, to: host, at: paneOrigin, terminal)
          default: host.handle(event)
          }
        }
      case .ended: quit(terminal, host, status: 0)  // the terminal hung up
      case .nothing: break
      }
      host.tick()
    }
  }

  /// The pane's screen: a report of each `load`, built once it is done.
  static func pane(load: @escaping @Sendable () async throws -> Int) -> LoadingController<Int> {
    LoadingController(load: load) { ReportScreen(load: $0) }
  }

  static func paneSize(_ terminal: ANSITerminal) -> Size {
    let size = terminal.size
    return Size(width: max(0, size.width - sidebarWidth), height: max(0, size.height - 1))
  }

  /// The program's own drawing: a title line and a sidebar, repainted after a resize.
  static func drawSidebar(_ terminal: ANSITerminal) {
    let size = terminal.size
    let (columns, rows) = (size.width, size.height)
    var text = "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[1mA plain ANSI program\u{1B}[0m"
    let lines = ["q or Ctrl-C quits", "r reloads the pane", "Terminal \(columns)x\(rows)"]
    for (row, line) in lines.enumerated() { text += "\u{1B}[\(row + 3);2H\(line)" }
    for row in 2...max(2, rows) { text += "\u{1B}[\(row);\(sidebarWidth)H│" }
    terminal.write(text)
  }

  static func quit(_ terminal: ANSITerminal, _ host: ScreenHost, status: Int32) -> Never {
    host.close()
    terminal.close()
    exit(status)
  }
}
