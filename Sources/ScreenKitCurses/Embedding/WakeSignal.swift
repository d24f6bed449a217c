import CNCurses
import Locking

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A pipe that any thread can make readable, so a host's `poll` wakes for posted work.
///
/// Writes and the final close are serialised by a lock, so a late write never reaches a
/// descriptor number that was closed and reused.
final class WakeSignal: Sendable {
  private let descriptors: Locked<(read: Int32, write: Int32)>
  /// The read end, which becomes readable after ``signal()``.
  let readDescriptor: Int32

  /// Opens the pipe.
  init() throws(TerminalError) {
    var ends: [Int32] = [-1, -1]
    guard sk_pipe(&ends) == 0 else { throw .systemCall("pipe2", errno: errno) }
    readDescriptor = ends[0]
    descriptors = Locked((ends[0], ends[1]))
  }

  /// Makes the read end readable; callable from any thread.
  func signal() {
    descriptors.withLock { ends in
      guard ends.write >= 0 else { return }
      var byte: UInt8 = 1
      // NB: a full pipe is already readable, so a failed write loses nothing.
      _ = write(ends.write, &byte, 1)
    }
  }

  /// Empties the pipe.
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 64)
    descriptors.withLock { ends in
      guard ends.read >= 0 else { return }
      while buffer.withUnsafeMutableBytes({ read(ends.read, $0.baseAddress, $0.count) }) > 0 {}
    }
  }

  deinit {
    descriptors.withLock { ends in
      close(ends.read)
      close(ends.write)
      ends = (-1, -1)
    }
  }
}
