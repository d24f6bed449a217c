import Glibc

/// The `--trace FILE` writer: appends one `NAME SECONDS` line per event, with SECONDS read
/// from `CLOCK_MONOTONIC`, so the demo can be timed from outside without a debugger.
///
/// Each line goes out in one `write(2)` on a descriptor opened with `O_APPEND`, so lines from
/// the main actor and from load tasks never interleave, and several runs can share a file.
final class Trace: Sendable {
  /// The events the demo records.
  enum Event: String, Sendable {
    /// The first thing `main` does.
    case start
    /// A load closure began.
    case loadStart = "load_start"
    /// A load closure finished, before the UI reacts to its result.
    case loadEnd = "load_end"
    /// A screen built from a loaded value was mounted.
    case mount
  }

  /// A trace that records nothing, for runs without `--trace`.
  static let disabled = Trace(descriptor: -1)

  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Opens `path` for appending, creating it when missing.
  ///
  /// - Throws: ``TraceError`` naming the path and the system's reason.
  static func open(path: String) throws(TraceError) -> Trace {
    let descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw TraceError(path: path, reason: String(cString: strerror(errno)))
    }
    return Trace(descriptor: descriptor)
  }

  /// Whether events are written anywhere.
  var isEnabled: Bool { descriptor >= 0 }

  /// Appends `event` at the current monotonic time.
  func record(_ event: Event) {
    record(event, at: .now())
  }

  /// Runs a load between `load_start` and `load_end`, recorded before the UI sees its result.
  func load<T>(_ body: () async throws -> T) async rethrows -> T {
    record(.loadStart)
    defer { record(.loadEnd) }
    return try await body()
  }

  /// Appends `event` with a time read earlier (the `start` time is read before parsing).
  func record(_ event: Event, at time: MonotonicTime) {
    guard descriptor >= 0 else { return }
    var line = Array("\(event.rawValue) \(time.formatted)\n".utf8)
    _ = line.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }
}
