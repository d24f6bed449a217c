#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The program's own pipe for the host's wakes: work posted from another thread writes a byte,
/// which makes the loop's `poll` return.
struct WakePipe {
  let readEnd: Int32
  let writeEnd: Int32

  /// Opens the pipe, both ends non-blocking and closed across `exec`.
  init() {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    (readEnd, writeEnd) = (ends[0], ends[1])
  }

  /// A closure for the host to call from any thread when work was posted.
  var wake: @Sendable () -> Void {
    { [writeEnd] in
      var byte: UInt8 = 0
      _ = write(writeEnd, &byte, 1)
    }
  }

  /// Empties the pipe.
  func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(readEnd, &bytes, bytes.count) > 0 {}
  }
}
