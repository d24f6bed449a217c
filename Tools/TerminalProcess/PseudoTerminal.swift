import CTerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A pseudo-terminal pair: the follower side is a program's terminal; the leader side is where
/// a test types and reads back every byte the program wrote.
///
/// Nothing runs in the background: output is read whenever a write or a wait gives it the
/// chance (``drain()``, ``write(_:by:)``, ``wait(until:by:)``, and ``TerminalJob``'s waits), so
/// a program writing a lot never blocks for long. Not thread-safe: one test owns it.
public final class PseudoTerminal {
  /// The leader (master) side, non-blocking; -1 once hung up.
  public private(set) var leader: Int32
  /// The follower side, as the program has it; -1 once closed.
  public private(set) var follower: Int32
  /// The size last set.
  public private(set) var size: WindowSize
  /// Every byte read from the leader side so far.
  public private(set) var output: [UInt8] = []
  /// Whether reading reached the end: the follower side is closed everywhere (EIO) or the
  /// leader was closed.
  public private(set) var isAtEnd = false

  /// Opens a pair with the window size `size`, neither end inherited by children.
  public init(size: WindowSize) throws(TerminalProcessError) {
    var leader: Int32 = -1
    var follower: Int32 = -1
    guard
      tp_openpty(&leader, &follower, UInt16(clamping: size.height), UInt16(clamping: size.width))
        == 0
    else { throw .systemCall("openpty", errno: errno) }
    self.leader = leader
    self.follower = follower
    self.size = size
  }

  deinit {
    if leader >= 0 { close(leader) }
    if follower >= 0 { close(follower) }
  }

  /// Sets the window size, as a user dragging the terminal window does: the terminal's
  /// foreground process group gets SIGWINCH.
  public func resize(to size: WindowSize) throws(TerminalProcessError) {
    guard leader >= 0 else { throw TerminalProcessError("resize after hangup") }
    guard
      tp_set_window_size(leader, UInt16(clamping: size.height), UInt16(clamping: size.width))
        == 0
    else { throw .systemCall("ioctl(TIOCSWINSZ)", errno: errno) }
    self.size = size
  }

  /// The follower side's modes now.
  public func modes() throws(TerminalProcessError) -> TerminalModes {
    guard follower >= 0 else { throw TerminalProcessError("modes after the follower closed") }
    return try TerminalModes(of: follower)
  }

  /// Sets the follower side's modes, as a shell sets them before it runs a command.
  public func setModes(_ modes: TerminalModes) throws(TerminalProcessError) {
    guard follower >= 0 else { throw TerminalProcessError("modes after the follower closed") }
    try modes.apply(to: follower)
  }

  /// How many typed bytes the program has not read yet (0 once it has read them all).
  public func unreadInput() throws(TerminalProcessError) -> Int {
    guard follower >= 0 else {
      throw TerminalProcessError("unread input after the follower closed")
    }
    let count = tp_unread_input(follower)
    guard count >= 0 else { throw .systemCall("ioctl(TIOCINQ)", errno: errno) }
    return Int(count)
  }

  /// Reads whatever the program has written, without waiting; returns how many bytes.
  ///
  /// A read that finds nothing makes the kernel finish moving pending bytes first, so once the
  /// program has stopped or ended, one call returns everything it wrote.
  @discardableResult
  public func drain() -> Int {
    guard leader >= 0, !isAtEnd else { return 0 }
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      if count > 0 {
        output.append(contentsOf: buffer[0..<count])
        total += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        // NB: EIO once the follower is closed everywhere and every byte has been read.
        if count == 0 || errno == EIO { isAtEnd = true }
        return total
      }
    }
  }

  /// Types `bytes` on the leader side, reading output meanwhile so a program busy writing can
  /// get to its input; throws when they cannot all be written by `deadline`.
  public func write(_ bytes: [UInt8], by deadline: Deadline) throws(TerminalProcessError) {
    var written = 0
    while written < bytes.count {
      guard leader >= 0 else { throw TerminalProcessError("write after hangup") }
      let count = bytes[written...].withUnsafeBytes {
        LibC.write(leader, $0.baseAddress, $0.count)
      }
      if count > 0 {
        written += count
        continue
      }
      guard count < 0, errno == EAGAIN || errno == EINTR else {
        throw .systemCall("write to the pty", errno: errno)
      }
      drain()
      guard !deadline.hasPassed else {
        throw TerminalProcessError(
          "the program read only \(written) of \(bytes.count) typed bytes in time")
      }
      var descriptor = pollfd(fd: leader, events: Int16(POLLOUT | POLLIN), revents: 0)
      _ = poll(&descriptor, 1, min(deadline.remainingMilliseconds, 50))
    }
    drain()
  }

  /// Reads output until `condition` holds for everything read so far or `deadline` passes;
  /// returns whether it held.
  @discardableResult
  public func wait(until deadline: Deadline, for condition: ([UInt8]) -> Bool) -> Bool {
    while true {
      drain()
      if condition(output) { return true }
      guard !deadline.hasPassed, leader >= 0, !isAtEnd else { return false }
      var descriptor = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, deadline.remainingMilliseconds)
    }
  }

  /// Hangs up, as a terminal window closing does: the leader side closes, the terminal's
  /// session leader gets SIGHUP, and the program's reads and writes fail from then on.
  public func hangUp() {
    guard leader >= 0 else { return }
    close(leader)
    leader = -1
    isAtEnd = true
  }

  /// Closes this process's copy of the follower side; once the program's copies are closed
  /// too, ``drain()`` reads the last bytes and reaches the end.
  public func closeFollower() {
    guard follower >= 0 else { return }
    close(follower)
    follower = -1
  }
}
