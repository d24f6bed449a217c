import CNCurses
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A pseudo-terminal whose follower side is the terminal under test and whose leader side a
/// background thread drains, counting every byte the program wrote and noting when a
/// watched piece of text first arrives.
final class PseudoTerminalRecorder: Sendable {
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
    var finished = false
  }

  /// One read from the leader side: the byte count after it and when it returned.
  struct Chunk: Sendable {
    /// The total byte count once this read's bytes were added.
    var end: Int
    /// When the read returned (`CLOCK_MONOTONIC`).
    var time: Duration
    /// The number of bytes this read returned.
    var size: Int
  }

  /// The leader side, where the "user" types and the output arrives.
  let leader: Int32
  /// The follower side: the program's terminal.
  let follower: Int32
  private final class Shared: Sendable {
    let state = Mutex(State())
  }

  private let shared = Shared()
  private let drain: BackgroundThread
  private static let keptBytes = 1 << 22
  private static let keptChunks = 1 << 16

  /// Opens a pseudo-terminal and starts draining it.
  init() {
    var leader: Int32 = -1
    var follower: Int32 = -1
    precondition(sk_openpty(&leader, &follower) == 0, "Benchmarks: cannot open a pty")
    self.leader = leader
    self.follower = follower
    let shared = self.shared
    let descriptor = leader
    drain = BackgroundThread {
      PseudoTerminalRecorder.drainLoop(leader: descriptor, state: shared.state)
    }
  }

  private static func drainLoop(leader: Int32, state: borrowing Mutex<State>) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      if count > 0 {
        let now = Clocks.monotonic()
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
            PseudoTerminalRecorder.contains(state.watch, in: state, from: state.watchFrom)
          {
            state.seenAt = now
          }
        }
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    state.withLock { $0.finished = true }
  }

  private static func contains(_ needle: [UInt8], in state: State, from offset: Int) -> Bool {
    let start = max(0, offset - state.base)
    guard state.log.count - start >= needle.count else { return false }
    var index = start
    let last = state.log.count - needle.count
    while index <= last {
      if state.log[index] == needle[0] {
        var match = true
        for position in 1..<needle.count where state.log[index + position] != needle[position] {
          match = false
          break
        }
        if match { return true }
      }
      index += 1
    }
    return false
  }

  /// Every byte read from the leader side so far.
  var byteCount: Int { shared.state.withLock { $0.total } }

  /// The bytes read after offset `from` (as far as they are still kept).
  func bytes(from offset: Int) -> [UInt8] {
    shared.state.withLock { state in
      let start = min(max(0, offset - state.base), state.log.count)
      return Array(state.log[start...])
    }
  }

  /// Starts watching for `text` in output that arrives from now on.
  func watch(for text: String) {
    shared.state.withLock { state in
      state.watch = Array(text.utf8)
      state.watchFrom = state.total
      state.seenAt = nil
    }
  }

  /// When the first and the latest bytes arrived (`CLOCK_MONOTONIC`).
  var arrivals: (first: Duration?, last: Duration?) {
    shared.state.withLock { ($0.firstArrival, $0.lastArrival) }
  }

  /// Every read so far, in order (the first 65,536): when each byte arrived.
  var chunks: [Chunk] { shared.state.withLock { $0.chunks } }

  /// When the read that completed the first occurrence of `text` at or after byte `offset`
  /// returned, or `nil` when it has not arrived (or is no longer kept).
  func arrival(of text: String, from offset: Int = 0) -> Duration? {
    shared.state.withLock { state in
      let needle = Array(text.utf8)
      guard !needle.isEmpty else { return nil }
      let start = max(0, offset - state.base)
      guard state.log.count - start >= needle.count else { return nil }
      var index = start
      while index <= state.log.count - needle.count {
        if state.log[index..<(index + needle.count)].elementsEqual(needle) {
          let end = state.base + index + needle.count
          return state.chunks.first { $0.end >= end }?.time
        }
        index += 1
      }
      return nil
    }
  }

  /// When the watched text arrived (`CLOCK_MONOTONIC`), or `nil` when it has not yet.
  var watchedTextSeenAt: Duration? { shared.state.withLock { $0.seenAt } }

  /// Waits until the watched text arrived, up to `timeout`; returns when it arrived.
  func waitForWatchedText(timeout: Duration) -> Duration? {
    let deadline = Clocks.monotonic() + timeout
    while Clocks.monotonic() < deadline {
      if let seen = watchedTextSeenAt { return seen }
      Clocks.sleep(.microseconds(200))
    }
    return watchedTextSeenAt
  }

  /// Waits until no byte arrived for `quiet`, up to `timeout`, and returns the byte count.
  @discardableResult
  func waitForQuiet(_ quiet: Duration = .milliseconds(25), timeout: Duration = .seconds(5))
    -> Int
  {
    let deadline = Clocks.monotonic() + timeout
    var last = byteCount
    var lastChange = Clocks.monotonic()
    while Clocks.monotonic() < deadline {
      Clocks.sleep(.milliseconds(1))
      let now = byteCount
      if now != last {
        last = now
        lastChange = Clocks.monotonic()
      } else if Clocks.monotonic() - lastChange >= quiet {
        break
      }
    }
    return last
  }

  /// Types `text` on the leader side, as a user would.
  func type(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(leader, $0.baseAddress, $0.count) }
  }

  /// The drain thread, whose wake-ups and CPU are the benchmark's, not the program's.
  var drainThread: BackgroundThread { drain }

  /// Closes the follower side (every copy must be closed for the drain to end) and the leader.
  func close() {
    systemClose(follower)
    let deadline = Clocks.monotonic() + .seconds(2)
    while Clocks.monotonic() < deadline && !shared.state.withLock({ $0.finished }) {
      Clocks.sleep(.milliseconds(1))
    }
    systemClose(leader)
    drain.join()
  }
}

/// Renders bytes as readable text: printable ASCII as is, everything else escaped.
func escaped(_ bytes: [UInt8]) -> String {
  var text = ""
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    switch byte {
    case 0x1b: text += "\\e"
    case 0x08: text += "\\b"
    case 0x0d: text += "\\r"
    case 0x0a: text += "\\n"
    case 0x20...0x7e: text.append(Character(Unicode.Scalar(byte)))
    case 0xc0...0xff:
      // A UTF-8 sequence: show the character itself.
      let length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
      let end = min(bytes.count, index + length)
      text += String(decoding: bytes[index..<end], as: UTF8.self)
      index = end
      continue
    default:
      let digits = String(byte, radix: 16)
      text += "\\x" + (digits.count == 1 ? "0" + digits : digits)
    }
    index += 1
  }
  return text
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
@discardableResult private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
