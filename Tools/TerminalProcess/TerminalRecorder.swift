import CTerminalProcess
import Locking
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A pseudo-terminal whose follower side is a program's terminal and whose leader side a
/// background thread reads as soon as bytes arrive, stamping each read with `CLOCK_MONOTONIC`.
///
/// Where ``PseudoTerminal`` reads only when its owner waits, a recorder never lets a program's
/// writes block (unless ``pauseDraining()`` plays a slow terminal), and it knows when every
/// byte arrived: the benchmarks time frames and loads by it, and tests read what a program
/// wrote while it runs on its own. Thread-safe. ``close()`` (or ``hangUp()``) must be called.
public final class TerminalRecorder: Sendable {
  private struct State {
    var total = 0
    var base = 0
    var log: [UInt8] = []
    var watch: [UInt8] = []
    var watchFrom = 0
    var seenAt: Duration?
    var firstArrival: Duration?
    var lastArrival: Duration?
    var chunks: [Chunk] = []
    var paused = false
    /// Whether the drain loop has seen the pause: from then on it reads nothing.
    var pauseSeen = false
    var stopping = false
    var finished = false
  }

  /// One read from the leader side: the byte count after it and when it returned.
  public struct Chunk: Sendable {
    /// The total byte count once this read's bytes were added.
    public var end: Int
    /// When the read returned (`CLOCK_MONOTONIC`).
    public var time: Duration
    /// The number of bytes this read returned.
    public var size: Int
  }

  private final class Shared: Sendable {
    let state = Locked(State())
  }

  /// The leader side, where the "user" types and the output arrives.
  public let leader: Int32
  /// The follower side: the program's terminal.
  public let follower: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let closed = Atomic<Bool>(false)
  private let leaderClosed = Atomic<Bool>(false)
  private let shared = Shared()
  private let drain: BackgroundThread
  private static let keptBytes = 1 << 22
  private static let keptChunks = 1 << 16

  /// Opens a pair of `size` (a fresh pty otherwise reports 0x0) and starts reading it.
  public init(size: WindowSize? = nil) throws(TerminalProcessError) {
    var leader: Int32 = -1
    var follower: Int32 = -1
    guard
      tp_openpty(
        &leader, &follower, UInt16(clamping: size?.height ?? 0),
        UInt16(clamping: size?.width ?? 0)) == 0
    else { throw .systemCall("openpty", errno: errno) }
    var wake: [Int32] = [-1, -1]
    guard tp_pipe(&wake) == 0 else {
      let code = errno
      LibC.close(leader)
      LibC.close(follower)
      throw .systemCall("pipe2", errno: code)
    }
    self.leader = leader
    self.follower = follower
    wakeRead = wake[0]
    wakeWrite = wake[1]
    let shared = self.shared
    let descriptor = leader
    let wakeRead = wake[0]
    drain = BackgroundThread {
      TerminalRecorder.drainLoop(leader: descriptor, wake: wakeRead, state: shared.state)
    }
  }

  deinit {
    close()
  }

  // NB: the thread sleeps in poll until output arrives or the owner wakes it (pause, resume,
  // stop) through the wake pipe: no periodic wake-ups to disturb what is measured.
  private static func drainLoop(leader: Int32, wake: Int32, state: Locked<State>) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var scratch = [UInt8](repeating: 0, count: 64)
    while true {
      let (paused, stopping) = state.withLock { state in
        state.pauseSeen = state.paused
        return (state.paused, state.stopping)
      }
      if stopping { break }
      var descriptors = [
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        pollfd(fd: leader, events: paused ? 0 : Int16(POLLIN), revents: 0),
      ]
      guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { break }
      if descriptors[0].revents != 0 {
        _ = scratch.withUnsafeMutableBytes { read(wake, $0.baseAddress, $0.count) }
        continue
      }
      if paused || descriptors[1].revents == 0 { continue }
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      if count > 0 {
        let now = monotonicNow()
        state.withLock { state in
          state.total += count
          if state.firstArrival == nil { state.firstArrival = now }
          state.lastArrival = now
          if state.chunks.count < keptChunks {
            state.chunks.append(Chunk(end: state.total, time: now, size: count))
          }
          state.log.append(contentsOf: buffer[0..<count])
          if state.log.count > keptBytes {
            let drop = state.log.count - keptBytes / 2
            state.log.removeFirst(drop)
            state.base += drop
          }
          if state.seenAt == nil, !state.watch.isEmpty,
            firstMatch(of: state.watch, in: state, from: state.watchFrom) != nil
          {
            state.seenAt = now
          }
        }
      } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
        continue
      } else {
        // NB: EIO once the follower is closed everywhere and every byte has been read.
        break
      }
    }
    state.withLock { $0.finished = true }
  }

  private static func firstMatch(of needle: [UInt8], in state: State, from offset: Int) -> Int? {
    guard let first = needle.first else { return nil }
    let start = max(0, offset - state.base)
    guard state.log.count - start >= needle.count else { return nil }
    var index = start
    let last = state.log.count - needle.count
    while index <= last {
      if state.log[index] == first
        && state.log[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// How many bytes were read from the leader side so far.
  public var byteCount: Int { shared.state.withLock { $0.total } }

  /// The bytes read after offset `from` (as far as they are still kept: the last 2 to 4 MiB).
  public func bytes(from offset: Int = 0) -> [UInt8] {
    shared.state.withLock { state in
      let start = min(max(0, offset - state.base), state.log.count)
      return Array(state.log[start...])
    }
  }

  /// Every byte the program wrote so far (as far as kept).
  public var written: [UInt8] { bytes(from: 0) }

  /// Every byte the program wrote so far, as text.
  public var writtenText: String { String(decoding: written, as: UTF8.self) }

  /// Whether the output contains `text`, waiting up to `timeout` for it to arrive.
  public func eventuallyShows(_ text: String, timeout: Duration = .seconds(10)) -> Bool {
    let needle = Array(text.utf8)
    return waitUntil(timeout: timeout) {
      shared.state.withLock { Self.firstMatch(of: needle, in: $0, from: 0) != nil }
    }
  }

  /// Starts watching for `text` in output that arrives from now on.
  public func watch(for text: String) {
    shared.state.withLock { state in
      state.watch = Array(text.utf8)
      state.watchFrom = state.total
      state.seenAt = nil
    }
  }

  /// When the first and the latest bytes arrived (`CLOCK_MONOTONIC`).
  public var arrivals: (first: Duration?, last: Duration?) {
    shared.state.withLock { ($0.firstArrival, $0.lastArrival) }
  }

  /// Every read so far, in order (the first 65,536): when each byte arrived.
  public var chunks: [Chunk] { shared.state.withLock { $0.chunks } }

  /// When the read that completed the first occurrence of `text` at or after byte `offset`
  /// returned, or `nil` when it has not arrived (or is no longer kept).
  public func arrival(of text: String, from offset: Int = 0) -> Duration? {
    shared.state.withLock { state in
      guard let index = Self.firstMatch(of: Array(text.utf8), in: state, from: offset) else {
        return nil
      }
      let end = state.base + index + text.utf8.count
      return state.chunks.first { $0.end >= end }?.time
    }
  }

  /// When the watched text arrived (`CLOCK_MONOTONIC`), or `nil` when it has not yet.
  public var watchedTextSeenAt: Duration? { shared.state.withLock { $0.seenAt } }

  /// Waits until the watched text arrived, up to `timeout`; returns when it arrived.
  public func waitForWatchedText(timeout: Duration) -> Duration? {
    waitUntil(timeout: timeout, pause: .microseconds(200)) { watchedTextSeenAt != nil }
    return watchedTextSeenAt
  }

  /// Waits until no byte arrived for `quiet`, up to `timeout`, and returns the byte count.
  @discardableResult
  public func waitForQuiet(
    _ quiet: Duration = .milliseconds(25), timeout: Duration = .seconds(5)
  ) -> Int {
    let deadline = monotonicNow() + timeout
    var last = byteCount
    var lastChange = monotonicNow()
    while monotonicNow() < deadline {
      pauseThread(.milliseconds(1))
      let now = byteCount
      // NB: bytes already on the leader's side are not quiet, only unread: under load the
      // reading thread can wait longer than `quiet` for its turn.
      if now != last || (unreadOutput() ?? 0) > 0 {
        last = now
        lastChange = monotonicNow()
      } else if monotonicNow() - lastChange >= quiet {
        break
      }
    }
    return last
  }

  /// Stops reading what the program writes, so that once the pty's buffer is full the
  /// program blocks in `write`, as on a slow terminal.
  ///
  /// Returns once the reading thread has seen the pause: a read it had under way is over, and
  /// no other follows.
  public func pauseDraining() {
    shared.state.withLock { $0.paused = true }
    wake()
    _ = waitUntil(timeout: .seconds(10)) {
      shared.state.withLock { $0.pauseSeen || $0.finished }
    }
  }

  /// How many bytes the program wrote that the recorder has not read yet, or `nil` when the
  /// kernel cannot tell.
  ///
  /// Only what reached the leader's side counts: the kernel moves written bytes there later,
  /// on a worker of its own.
  public func unreadOutput() -> Int? {
    let count = tp_unread_input(leader)
    return count >= 0 ? Int(count) : nil
  }

  /// Reads what the program writes again.
  public func resumeDraining() {
    shared.state.withLock { $0.paused = false }
    wake()
  }

  /// How many typed bytes the program has not read yet (0 once it has read them all), or
  /// `nil` when the kernel cannot tell.
  public func unreadInput() -> Int? {
    let count = tp_unread_input(follower)
    return count >= 0 ? Int(count) : nil
  }

  /// The follower side's modes now.
  public func modes() throws(TerminalProcessError) -> TerminalModes {
    try TerminalModes(of: follower)
  }

  /// Sets the window size, as a user dragging the terminal window does: the terminal's
  /// foreground process group (if it has one) gets SIGWINCH.
  public func resize(to size: WindowSize) throws(TerminalProcessError) {
    guard
      tp_set_window_size(leader, UInt16(clamping: size.height), UInt16(clamping: size.width))
        == 0
    else { throw .systemCall("ioctl(TIOCSWINSZ)", errno: errno) }
  }

  /// Types `text` on the leader side, as a user would.
  public func type(_ text: String) {
    write(Array(text.utf8))
  }

  /// Writes `bytes` to the leader side, all of them (as a terminal delivers a paste), waiting
  /// while the program has not read enough of them to make room.
  public func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count, !leaderClosed.load(ordering: .acquiring) {
      let count = bytes[offset...].withUnsafeBytes { LibC.write(leader, $0.baseAddress, $0.count) }
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EAGAIN {
        var descriptor = pollfd(fd: leader, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, 20)
      } else if !(count < 0 && errno == EINTR) {
        return
      }
    }
  }

  /// The drain thread, whose wake-ups and CPU are the observer's, not the program's.
  public var drainThread: BackgroundThread { drain }

  /// Closes the leader side, as a terminal window closing does.
  ///
  /// The program's terminal is hung up (its session leader gets SIGHUP if this is its
  /// controlling terminal); the follower stays open until ``close()``.
  public func hangUp() {
    guard !leaderClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    shared.state.withLock { $0.stopping = true }
    wake()
    drain.join()
    LibC.close(leader)
  }

  /// Closes both sides once the program's copies of the follower are closed too (or after two
  /// seconds), so every byte it wrote has been read; later calls do nothing.
  public func close() {
    guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    resumeDraining()
    LibC.close(follower)
    if !leaderClosed.load(ordering: .acquiring) {
      waitUntil(timeout: .seconds(2), pause: .milliseconds(1)) {
        shared.state.withLock { $0.finished }
      }
      hangUp()
    }
    LibC.close(wakeRead)
    LibC.close(wakeWrite)
  }

  private func wake() {
    var byte: UInt8 = 1
    _ = LibC.write(wakeWrite, &byte, 1)
  }
}

/// `CLOCK_MONOTONIC` now, the clock the recorder stamps bytes with (and the demo's `--trace`).
public func monotonicNow() -> Duration {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// Polls `condition` every `pause` until it holds or `timeout` passes; returns whether it held.
///
/// For waiting on another process, which no event announces.
@discardableResult
public func waitUntil(
  timeout: Duration, pause: Duration = .milliseconds(2), _ condition: () -> Bool
) -> Bool {
  let deadline = monotonicNow() + timeout
  while monotonicNow() < deadline {
    if condition() { return true }
    pauseThread(pause)
  }
  return condition()
}

/// Sleeps the calling thread for `duration`.
func pauseThread(_ duration: Duration) {
  let nanoseconds =
    duration.components.seconds * 1_000_000_000
    + duration.components.attoseconds / 1_000_000_000
  var request = timespec(
    tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
}
