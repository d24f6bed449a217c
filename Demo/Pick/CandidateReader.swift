import Dispatch
import Locking
import ScreenKit
import ScreenKitMatching

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads lines from a descriptor (standard input) on a thread of its own, as a stream of
/// ``Candidates``: the load that feeds the picker.
///
/// The first value is the empty one, at once, so the prompt takes keys before a line has
/// come; then a value after each read that completed a line, and a last one, complete, at the
/// end of the input. The stream keeps only the newest value, so a fast producer (`yes`) never
/// queues work for the main actor: it takes the latest when it is free.
///
/// Reading blocks in `read(2)`, so it has a thread of its own rather than one of the few the
/// matching shares. When the stream is no longer wanted, the thread stops after its current
/// read; a picker that has chosen exits without waiting for it.
enum CandidateReader {
  /// The lines of `descriptor`.
  static func stream(of descriptor: Int32) -> AsyncThrowingStream<Candidates, any Error> {
    AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let stop = Locked(false)
      continuation.onTermination = { _ in stop.withLock { $0 = true } }
      continuation.yield(Candidates())
      // NB: a queue of its own is a thread of its own in libdispatch (it overcommits), so a
      // read that blocks takes no thread from the pool matching runs on.
      DispatchQueue(label: "Demo.pick.reader").async {
        readLines(of: descriptor, into: continuation, until: stop)
      }
    }
  }

  /// How long a read waits for more input before the lines it has are shown: input that
  /// trickles in is shown in chunks at this pace rather than a chunk a line.
  private static let gatherTime: Int32 = 10

  /// A chunk is shown once it holds this many bytes, however fast the input comes.
  private static let chunkBytes = 1 << 16

  private static func readLines(
    of descriptor: Int32,
    into continuation: AsyncThrowingStream<Candidates, any Error>.Continuation,
    until stop: Locked<Bool>
  ) {
    var candidates = Candidates()
    var splitter = LineSplitter()
    var buffer = [UInt8](repeating: 0, count: chunkBytes)
    while !stop.withLock({ $0 }) {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        continuation.finish(throwing: CandidateReadError(code: errno))
        return
      }
      if count == 0 { break }
      buffer.withUnsafeBufferPointer {
        splitter.append(UnsafeBufferPointer(rebasing: $0[..<count]))
      }
      guard splitter.pendingByteCount >= chunkBytes || !hasInput(descriptor, within: gatherTime)
      else { continue }
      if let chunk = splitter.takeChunk() {
        candidates.append(chunk)
        continuation.yield(candidates)
      }
    }
    if let chunk = splitter.finish() { candidates.append(chunk) }
    candidates.isComplete = true
    continuation.yield(candidates)
    continuation.finish()
  }

  /// Whether `descriptor` has input (or its end) to read within `milliseconds`.
  private static func hasInput(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, milliseconds) > 0
  }
}
