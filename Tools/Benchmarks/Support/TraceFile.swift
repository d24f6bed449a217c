import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A `--trace` file of the demo or the C reference: `NAME SECONDS` lines, SECONDS read from
/// `CLOCK_MONOTONIC`, the clock the recorder stamps bytes with.
struct TraceFile {
  /// The file's path; each run gets its own.
  let path: String

  /// A fresh, not yet existing trace path for this benchmark process.
  static func temporary(_ label: String) -> TraceFile {
    let file = TraceFile(path: "/tmp/screenkit-bench-\(getpid())-\(label).trace")
    file.remove()
    return file
  }

  /// The time of the first `event` line, or `nil` when there is none (yet).
  func time(of event: String) -> Duration? {
    guard let text = ProcFiles.read(path) else { return nil }
    return Self.time(of: event, in: text)
  }

  /// Waits up to `timeout` for an `event` line.
  func waitFor(_ event: String, timeout: Duration) -> Duration? {
    let deadline = Clocks.monotonic() + timeout
    while Clocks.monotonic() < deadline {
      if let time = time(of: event) { return time }
      Clocks.sleep(.milliseconds(1))
    }
    return time(of: event)
  }

  /// Deletes the file.
  func remove() { unlink(path) }

  /// The time of the first `event SECONDS` line of a trace's text.
  static func time(of event: String, in text: String) -> Duration? {
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 2, parts[0] == event else { continue }
      // NB: whole seconds and nanoseconds apart: a Double loses the nanoseconds of an uptime.
      let pieces = parts[1].split(separator: ".", omittingEmptySubsequences: false)
      guard let whole = Int64(pieces[0]) else { continue }
      var nanoseconds: Int64 = 0
      if pieces.count == 2 {
        let digits = String(pieces[1].prefix(9))
        nanoseconds = (Int64(digits) ?? 0) * Self.scale(9 - digits.count)
      }
      return .seconds(whole) + .nanoseconds(nanoseconds)
    }
    return nil
  }

  private static func scale(_ digits: Int) -> Int64 {
    var value: Int64 = 1
    for _ in 0..<digits { value *= 10 }
    return value
  }
}
