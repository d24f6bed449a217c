import ScreenKit
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
/// ncurses, and hosts a loading screen in a pane beside its own sidebar through `ScreenHost`.
@main
@MainActor
enum ANSIHostExample {
  static let sidebarWidth = 24

  static func main() {
    guard let terminal = RawTerminal() else {
      let message = "ANSIHostExample: standard input is not a terminal\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      exit(1)
    }
    let controller = LoadingController {
      let load = loads.add(1, ordering: .relaxed).newValue
      try await Task.sleep(for: .milliseconds(400))
      return load
    } build: {
      ReportScreen(load: $0)
    }
    let host = ScreenHost(root: controller, size: paneSize(terminal), wake: terminal.wake)
    let writer = SGRWriter(origin: Point(x: sidebarWidth, y: 1))
    drawSidebar(terminal)
    while true {
      if host.needsFrame { terminal.send(writer.output(host.frame(), of: host.grid)) }
      // Sleeps until a key, a signal, work posted to the host, or the host's next timer.
      var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
      descriptors.append(pollfd(fd: terminal.pipeRead, events: Int16(POLLIN), revents: 0))
      _ = poll(&descriptors, 2, host.pollTimeout)
      for number in terminal.pendingSignals() where number != 0 {
        guard number == SIGWINCH else { quit(terminal, host, status: 128 + number) }
        drawSidebar(terminal)
        host.resize(to: paneSize(terminal))
      }
      var bytes = [UInt8](repeating: 0, count: 256)
      let count = descriptors[0].revents == 0 ? 0 : read(0, &bytes, bytes.count)
      for event in host.decode(bytes: bytes.prefix(max(count, 0))) {
        switch event {
        case .key(.character("q")): quit(terminal, host, status: 0)
        case .mouse(let mouse): route(mouse, to: host, at: writer.origin, terminal)
        default: host.handle(event)
        }
      }
      host.tick()
    }
  }

  static func paneSize(_ terminal: RawTerminal) -> Size {
    let (columns, rows) = terminal.size
    return Size(width: max(0, columns - sidebarWidth), height: max(0, rows - 1))
  }

  /// The program's own drawing: a title line and a sidebar, repainted after a resize.
  static func drawSidebar(_ terminal: RawTerminal) {
    let (columns, rows) = terminal.size
    var text = "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[1mA plain ANSI program\u{1B}[0m"
    let lines = ["q quits", "r reloads the pane", "Terminal \(columns)x\(rows)"]
    for (row, line) in lines.enumerated() { text += "\u{1B}[\(row + 3);2H\(line)" }
    for row in 2...max(2, rows) { text += "\u{1B}[\(row);\(sidebarWidth)H│" }
    terminal.send(text)
  }

  static func quit(_ terminal: RawTerminal, _ host: ScreenHost, status: Int32) -> Never {
    host.close()
    terminal.restore()
    exit(status)
  }
}
