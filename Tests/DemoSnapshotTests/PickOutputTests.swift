import Dispatch
import Testing

@testable import DemoKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `Demo pick` delivers the line chosen: whole, whatever the descriptor does with a write,
/// or with the reason it could not.
@Suite struct PickOutputTests {
  @Test func aLineLongerThanAPipeHoldsArrivesWholeThroughAPipeAnotherProgramMadeNonBlocking()
    async throws
  {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    // NB: a program sharing the pipe may have set O_NONBLOCK on it: a write of more than the
    // pipe holds is then cut short, and the next one fails with EAGAIN until the reader reads.
    #expect(fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) == 0)
    // The pipe is full before the reader starts, so the first write of the line finds no room.
    var filler: [UInt8] = []
    let block = [UInt8](repeating: UInt8(ascii: "-"), count: 512)
    while block.withUnsafeBytes({ write(ends[1], $0.baseAddress, $0.count) }) == block.count {
      filler += block
    }
    let line = (0..<1_000_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    let read = Self.readToEnd(ends[0])
    try PickOutput.deliver(line[...], to: ends[1])
    let received = await read.value
    #expect(received.count == filler.count + line.count + 1)
    // NB: compared first, so a failure does not describe a megabyte twice.
    let isWhole = received == filler + line + [UInt8(ascii: "\n")]
    #expect(isWhole)
  }

  @Test func aWriteCutShortInterruptedOrFindingNoRoomGoesOnWithTheRest() throws {
    // The answers of write(2), in order: a few bytes, a signal, a full non-blocking pipe, the
    // rest. The descriptor is /dev/null, which poll finds writable.
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    try #require(null >= 0)
    defer { close(null) }
    var script: [(count: Int, error: Int32)] = [(3, 0), (-1, EINTR), (-1, EAGAIN), (4, 0)]
    var written: [UInt8] = []
    try PickOutput.writeWhole(Array("cherry\n".utf8), to: null) { descriptor, bytes in
      #expect(descriptor == null)
      let (count, error) = script.removeFirst()
      if count < 0 {
        errno = error
      } else {
        written += bytes.prefix(count)
      }
      return count
    }
    #expect(script.isEmpty)
    #expect(written == Array("cherry\n".utf8))
  }

  @Test func aWriteThatWritesNothingIsAnError() throws {
    #expect {
      try PickOutput.writeWhole(Array("alpha".utf8), to: 1) { _, _ in 0 }
    } throws: { error in
      "\(error)" == "cannot write the line chosen to standard output: Input/output error"
    }
  }

  @Test func aFullDeviceIsAnErrorThatSaysSo() throws {
    let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(full >= 0)
    // NB: a write that fails leaves the descriptor open.
    defer { close(full) }
    #expect {
      try PickOutput.deliver(Array("alpha".utf8)[...], to: full)
    } throws: { error in
      "\(error)" == "cannot write the line chosen to standard output: No space left on device"
    }
  }

  @Test func aClosedDescriptorIsAnError() throws {
    // NB: a number no descriptor can have: one closed here could be opened again meanwhile by
    // a test on another thread, which this write, and the close after it, would then hit.
    let closed = Int32.max
    #expect {
      try PickOutput.deliver(Array("alpha".utf8)[...], to: closed)
    } throws: { error in
      "\(error)" == "cannot write the line chosen to standard output: Bad file descriptor"
    }
  }

  /// Everything `descriptor` gives until its end, read on a thread of its own (a read that
  /// blocks takes no thread from the pool the test runs on), then closed.
  private static func readToEnd(_ descriptor: Int32) -> Task<[UInt8], Never> {
    Task {
      await withCheckedContinuation { continuation in
        DispatchQueue(label: "PickOutputTests.reader").async {
          var bytes: [UInt8] = []
          var buffer = [UInt8](repeating: 0, count: 4096)
          while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[..<count]
          }
          close(descriptor)
          continuation.resume(returning: bytes)
        }
      }
    }
  }
}
