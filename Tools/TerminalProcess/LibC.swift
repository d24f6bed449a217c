#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The C library's `kill`, `close` and `write`, for the types whose own methods of those names
/// hide them; the module that provides them differs by platform.
enum LibC {
  @discardableResult
  static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
    #if canImport(Darwin)
      Darwin.kill(pid, signal)
    #elseif canImport(Glibc)
      Glibc.kill(pid, signal)
    #elseif canImport(Musl)
      Musl.kill(pid, signal)
    #endif
  }

  @discardableResult
  static func close(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
      Darwin.close(descriptor)
    #elseif canImport(Glibc)
      Glibc.close(descriptor)
    #elseif canImport(Musl)
      Musl.close(descriptor)
    #endif
  }

  @discardableResult
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.write(descriptor, bytes, count)
    #elseif canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, bytes, count)
    #endif
  }
}
