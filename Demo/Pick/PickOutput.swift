#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How `Demo pick` hands the line chosen on: whole, or with the reason it could not.
///
/// The line is a pipeline's only output (`… | Demo pick | xargs rm`): a line lost or cut short
/// must end in an error the shell sees, never in status 0.
package enum PickOutput {
  /// What writes bytes to a descriptor: `write(2)`, or a test's script of its answers.
  typealias Write = (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int

  /// Writes `line` and a line feed whole to `descriptor`, then closes it.
  ///
  /// A write cut short (by a signal, or by a pipe with less room than the line) goes on with
  /// the rest, and a descriptor that another program sharing it made non-blocking is waited on
  /// while full. Any other failure throws: a full device, a reader that has gone (`EPIPE`,
  /// with SIGPIPE ignored), a closed descriptor, or a file system that reports a failed write
  /// only when the file is closed.
  package static func deliver(
    _ line: ArraySlice<UInt8>, to descriptor: Int32
  ) throws(PickOutputError) {
    try writeWhole(Array(line) + [UInt8(ascii: "\n")], to: descriptor) {
      write($0, $1.baseAddress, $1.count)
    }
    // NB: on Linux a close interrupted by a signal has closed the descriptor all the same.
    if close(descriptor) != 0, errno != EINTR { throw PickOutputError(code: errno) }
  }

  /// Writes `bytes` whole to `descriptor` with `write`, as ``deliver(_:to:)`` says.
  static func writeWhole(
    _ bytes: [UInt8], to descriptor: Int32, using write: Write
  ) throws(PickOutputError) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0) }
      if count > 0 {
        offset += count
        continue
      }
      // NB: a write of some bytes that writes none has no errno; it would only repeat.
      let code = count < 0 ? errno : EIO
      switch code {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: waitUntilWritable(descriptor)
      default: throw PickOutputError(code: code)
      }
    }
  }

  /// Waits until `descriptor` takes more bytes, or has failed (the next write says how).
  private static func waitUntilWritable(_ descriptor: Int32) {
    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    while poll(&request, 1, -1) < 0, errno == EINTR {}
  }
}
