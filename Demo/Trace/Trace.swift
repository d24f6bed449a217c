import Locking

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The `--trace FILE` writer: appends one `NAME SECONDS` line per event, with SECONDS read
/// from `CLOCK_MONOTONIC`, so the demo can be timed from outside without a debugger.
///
/// Each line goes out in one `write(2)` on a descriptor opened with `O_APPEND`, so lines from
/// the main actor and from load tasks never interleave, and several runs can share a file.
///
/// The trace file is a bystander: when it fails (a pipe whose reader exited, a full disk, a
/// reader too slow to keep up) tracing stops and the session goes on. No write can raise
/// SIGPIPE or block the interface; ``stopReason`` says what happened, for one line after exit.
package final class Trace: Sendable {
  /// The events the demo records.
  package enum Event: String, Sendable {
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
  package static let disabled = Trace(descriptor: -1, path: "")

  private let descriptor: Int32
  private let path: String
  /// Why tracing stopped, once it has; writes happen under this lock, so none follows it.
  private let stopped = Locked<String?>(nil)

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  /// Opens `path` for appending, creating it when missing.
  ///
  /// Opening a FIFO waits for its reader, as a shell's redirection does; writes never wait.
  ///
  /// - Throws: ``TraceError`` naming the path and the system's reason.
  package static func open(path: String) throws(TraceError) -> Trace {
    let descriptor = systemOpen(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o644)
    guard descriptor >= 0 else {
      throw TraceError(path: path, reason: String(cString: strerror(errno)))
    }
    // NB: a pipe whose reader stops reading must not stall the main actor once it is full.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    return Trace(descriptor: descriptor, path: path)
  }

  /// Whether events are written anywhere.
  package var isEnabled: Bool { descriptor >= 0 }

  /// Why tracing stopped during the run, such as `cannot write to trace file 't': Broken
  /// pipe`; `nil` while it works (or was never on).
  package var stopReason: String? { stopped.withLock { $0 } }

  /// Appends `event` at the current monotonic time.
  package func record(_ event: Event) {
    record(event, at: .now())
  }

  /// Runs a load between `load_start` and `load_end`, recorded before the UI sees its result.
  package func load<T>(_ body: () async throws -> T) async rethrows -> T {
    record(.loadStart)
    defer { record(.loadEnd) }
    return try await body()
  }

  /// Appends `event` with a time read earlier (the `start` time is read before parsing).
  package func record(_ event: Event, at time: MonotonicTime) {
    guard descriptor >= 0 else { return }
    let line = Array("\(event.rawValue) \(time.formatted)\n".utf8)
    stopped.withLock { stopped in
      guard stopped == nil else { return }
      let (written, code) = Self.writeWithoutSIGPIPE(descriptor, line)
      if written == line.count { return }
      let why: String
      if written >= 0 {
        why = "only part of a line was written"
      } else if code == EAGAIN {
        why = "it is not read fast enough"
      } else {
        why = String(cString: strerror(code))
      }
      stopped = "cannot write to trace file '\(path)': \(why)"
    }
  }

  /// One `write(2)` with SIGPIPE blocked on this thread: a closed pipe makes it fail with
  /// EPIPE instead of ending the process, whatever the signal's disposition (the terminal
  /// session handles SIGPIPE to restore the terminal, and would end the demo).
  ///
  /// The signal the kernel then leaves pending for this thread is taken before unblocking,
  /// unless one was pending already (that one belongs to someone else).
  private static func writeWithoutSIGPIPE(_ descriptor: Int32, _ line: [UInt8]) -> (Int, Int32) {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var pending = sigset_t()
    sigpending(&pending)
    let wasPending = sigismember(&pending, SIGPIPE) == 1
    var written: Int
    repeat {
      written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    } while written < 0 && errno == EINTR
    let code = errno
    if written < 0, code == EPIPE, !wasPending {
      var noWait = timespec()
      _ = sigtimedwait(&pipeSignal, nil, &noWait)
    }
    return (written, code)
  }

  /// Says on standard error, in one line, that tracing stopped and why.
  ///
  /// Prints nothing when it did not stop. Called after the terminal is restored, so the line
  /// stays readable.
  package func reportStop() {
    guard let reason = stopReason else { return }
    let line = Array("Demo: tracing stopped: \(reason)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
