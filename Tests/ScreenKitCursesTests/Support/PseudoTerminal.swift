import CNCurses
import Foundation
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A pseudo-terminal pair for tests: the follower side is the program's terminal, and a
/// background thread drains the leader side so the program's writes never block.
final class PseudoTerminal: Sendable {
  /// The leader (master) side, where the "user" types.
  let leader: Int32
  /// The follower (slave) side, the program's terminal.
  let follower: Int32
  private let output = Mutex<[UInt8]>([])
  private let finished = Mutex(false)
  private let paused = Mutex(false)
  private let stopping = Mutex(false)
  private let leaderClosed = Mutex(false)

  init() throws {
    var leader: Int32 = -1
    var follower: Int32 = -1
    guard sk_openpty(&leader, &follower) == 0 else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    self.leader = leader
    self.follower = follower
    let thread = Thread { [self] in drainLoop() }
    thread.start()
  }

  private func drainLoop() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !stopping.withLock({ $0 }) {
      // NB: the pty's buffer fills while draining is paused, and the program's writes block.
      if paused.withLock({ $0 }) {
        usleep(1_000)
        continue
      }
      // NB: a read blocked on the leader would keep it open after close(); polling with a
      // short timeout lets hangUp() stop the drain before it closes the leader.
      var descriptor = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 20) == 0 { continue }
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      if count > 0 {
        output.withLock { $0.append(contentsOf: buffer[0..<count]) }
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    finished.withLock { $0 = true }
  }

  /// Everything the program wrote so far.
  var written: [UInt8] { output.withLock { $0 } }

  /// Everything the program wrote so far, as text.
  var writtenText: String { String(decoding: written, as: UTF8.self) }

  /// Whether the program's output contains `text`, waiting (with a deadline) for the drain
  /// thread to catch up with what was already written.
  func eventuallyShows(_ text: String, timeout: Duration = .seconds(10)) -> Bool {
    waitUntil(timeout: timeout) { writtenText.contains(text) }
  }

  /// Stops reading what the program writes (after the read under way), so that once the
  /// pty's buffer is full the program blocks in `write`, as on a slow terminal.
  func pauseDraining() {
    paused.withLock { $0 = true }
  }

  /// Reads what the program writes again.
  func resumeDraining() {
    paused.withLock { $0 = false }
  }

  /// The follower's current terminal modes.
  func modes() -> termios {
    var modes = termios()
    tcgetattr(follower, &modes)
    return modes
  }

  /// Types `text` as the user would.
  func type(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { systemWrite(leader, $0.baseAddress, $0.count) }
  }

  /// Writes `bytes` to the leader, all of them, as a terminal delivers a paste.
  func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { systemWrite(leader, $0.baseAddress, $0.count) }
      if count > 0 {
        offset += count
      } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
        continue
      } else {
        return
      }
    }
  }

  /// Closes the leader side as a terminal window closing does.
  ///
  /// The program's terminal is hung up; the test keeps its follower descriptor until
  /// ``close()``.
  func hangUp() {
    stopping.withLock { $0 = true }
    _ = waitUntil(timeout: .seconds(5)) { finished.withLock { $0 } }
    leaderClosed.withLock { $0 = true }
    systemClose(leader)
  }

  /// Closes both sides; the drain thread ends once the follower is gone.
  func close() {
    resumeDraining()
    systemClose(follower)
    _ = waitUntil(timeout: .seconds(5)) { finished.withLock { $0 } }
    if !leaderClosed.withLock({ $0 }) { systemClose(leader) }
  }
}

/// Whether two termios settings are the same in every field a program can change.
func sameModes(_ a: termios, _ b: termios) -> Bool {
  var a = a
  var b = b
  return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
    && a.c_lflag == b.c_lflag
    && memcmp(&a.c_cc, &b.c_cc, MemoryLayout.size(ofValue: a.c_cc)) == 0
}

/// Polls `condition` until it holds or `timeout` passes, and returns whether it held.
///
/// Used only where a test must wait for another process.
@discardableResult
func waitUntil(timeout: Duration, _ condition: () -> Bool) -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while clock.now < deadline {
    if condition() { return true }
    usleep(2_000)
  }
  return condition()
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
@discardableResult private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
