#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes to a file descriptor whole: what every session and display writes with.
package enum DescriptorOutput {
  /// Writes `bytes` whole to `descriptor`, retrying after a signal; gives up when the
  /// descriptor fails (a hung-up terminal, a closed pipe).
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        write(descriptor, $0.baseAddress, $0.count)
      }
      if count > 0 {
        offset += count
      } else if !(count < 0 && errno == EINTR) {
        return
      }
    }
  }
}
