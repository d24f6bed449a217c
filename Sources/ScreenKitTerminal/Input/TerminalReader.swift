#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads what a session's terminal sent: one `read(2)` of at most 16 KiB that never waits.
///
/// End of file and a hung-up terminal (`EIO`, `ENXIO`, or any other error) are
/// ``TerminalInput/ended``. From a stop (Ctrl-Z) until the first frame after the continue, the
/// terminal is the shell's: what is read then was typed to the shell (echoed and line-edited by
/// it) and is dropped.
package struct TerminalReader {
  private let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

  /// A reader of the terminal's input on `descriptor`.
  package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Reads what is there now, for the session whose `restorer` knows of stops.
  package mutating func readInput(for restorer: TerminalRestorer) -> TerminalInput {
    let typedToTheShell = restorer.isContinuePending
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    // NB: the descriptor is shared with the shell, so it stays blocking; poll first so that
    // a read never waits when another reader took the bytes.
    guard poll(&ready, 1, 0) > 0 else { return .nothing }
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      guard !typedToTheShell && !restorer.isContinuePending else { return .nothing }
      return .bytes(Array(buffer[0..<count]))
    }
    if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
      return .nothing
    }
    return .ended
  }
}
