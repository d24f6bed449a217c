import Foundation
import Testing

extension DemoEndToEndTests {
  /// `--data FILE` against what a hostile world hands it: pipes that deliver late, endless
  /// devices, huge files, broken bytes, files that vanish between loads.
  @Suite("--data files")
  struct DataFileTests {
    /// The peak memory a demo that refused an endless or huge file may have reached: the
    /// 8 MiB read limit and the demo itself, far below what reading on would take.
    static let peakMemoryBoundKiB = 64 * 1024

    @Test func aRegularFileLoads() async throws {
      let demo = try TmuxSession(["--latency", "0", "--data", "catalogue.json"]) {
        try CatalogueFixture.write(to: $0)
      }
      defer { demo.close() }
      try await demo.waitFor("Only Episode", "Only Collection")
    }

    /// `--data <(sleep 0.5; cat catalogue.json)`: an anonymous pipe whose writer is slow.
    @Test func aPipeThatDeliversLateIsReadToTheEnd() async throws {
      let demo = try TmuxSession(
        ["--latency", "0", "--data", "/dev/fd/3"],
        before: "(sleep 0.5; cat catalogue.json) | ", redirections: "3<&0 </dev/tty"
      ) { try CatalogueFixture.write(to: $0) }
      defer { demo.close() }
      try await demo.waitFor("Only Episode", "Only Collection")
    }

    /// A named pipe whose writer opens it only later: the load waits, and `q` still quits.
    @Test func aNamedPipeIsWaitedForUntilItsWriterCloses() async throws {
      let demo = try TmuxSession(
        ["--latency", "0", "--data", "catalogue.fifo"],
        before: "mkfifo catalogue.fifo; (sleep 0.5; cat catalogue.json > catalogue.fifo) & "
      ) { try CatalogueFixture.write(to: $0) }
      defer { demo.close() }
      try await demo.waitFor("Only Episode", "Only Collection")
    }

    /// A named pipe whose writer already waits to open it: checking the path at start-up must
    /// not open it, or that open lets the writer in, and its close leaves the writer writing
    /// to a pipe without a reader (SIGPIPE), so the load would wait forever.
    @Test func aNamedPipeWhoseWriterAlreadyWaitsIsReadToTheEnd() async throws {
      let demo = try TmuxSession(
        ["--latency", "0", "--data", "catalogue.fifo"],
        before: "mkfifo catalogue.fifo; (cat catalogue.json > catalogue.fifo) & "
      ) { try CatalogueFixture.write(to: $0) }
      defer { demo.close() }
      try await demo.waitFor("Only Episode", "Only Collection")
    }

    @Test func quitWorksWhileANamedPipeHasNoWriter() async throws {
      let demo = try TmuxSession(
        ["--latency", "0", "--data", "catalogue.fifo"], before: "mkfifo catalogue.fifo; ")
      defer { demo.close() }
      try await demo.waitFor("Loading…")
      try demo.send("q")
      #expect(try await demo.exitStatus() == 0)
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func anEndlessDeviceStopsAtTheReadLimitInBoundedMemory(device: String) async throws {
      let demo = try TmuxSession(["--latency", "0", "--data", device], width: 200)
      defer { demo.close() }
      try await demo.waitForWrapped(
        "Cannot read catalogue file \(device): larger than the 8 MiB read limit")
      let peak = try ProcessMemory.peakResidentKiB(of: try await demo.demoProcessID())
      #expect(peak < Self.peakMemoryBoundKiB, "peak RSS \(peak) KiB")
      try demo.send("q")
      #expect(try await demo.exitStatus() == 0)
    }

    @Test func aHugeFileIsRefusedWithoutBeingRead() async throws {
      let demo = try TmuxSession(["--latency", "0", "--data", "huge.json"], width: 200) {
        let path = $0.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
      }
      defer { demo.close() }
      try await demo.waitForWrapped(
        "Cannot read catalogue file huge.json: larger than the 8 MiB read limit")
      let peak = try ProcessMemory.peakResidentKiB(of: try await demo.demoProcessID())
      #expect(peak < Self.peakMemoryBoundKiB, "peak RSS \(peak) KiB")
    }

    @Test func invalidUTF8IsNamedWithItsPosition() async throws {
      let demo = try TmuxSession(["--latency", "0", "--data", "broken.json"], width: 200) {
        var bytes = Array("{\"series\": \"Test\",\n \"collections\": [\"caf".utf8)
        bytes += [0xFF] + Array("\"]}".utf8)
        try Data(bytes).write(to: $0.appendingPathComponent("broken.json"))
      }
      defer { demo.close() }
      try await demo.waitForWrapped(
        "Catalogue file broken.json is not valid catalogue JSON: invalid UTF-8 at line 2, column 22"
      )
    }

    @Test func badJSONIsNamedWithItsPosition() async throws {
      let demo = try TmuxSession(["--latency", "0", "--data", "broken.json"], width: 200) {
        let text = "{\"series\": \"Test\",\n \"collections\": [],\n \"episodes\": [ x ]}"
        try Data(text.utf8).write(to: $0.appendingPathComponent("broken.json"))
      }
      defer { demo.close() }
      try await demo.waitForWrapped(
        "Catalogue file broken.json is not valid catalogue JSON: unexpected 'x' at line 3, column 16"
      )
    }

    @Test func aTruncatedFileIsNamedWithWhereItEnds() async throws {
      let demo = try TmuxSession(["--latency", "0", "--data", "broken.json"], width: 200) {
        try Data("{ \"series\": ".utf8).write(to: $0.appendingPathComponent("broken.json"))
      }
      defer { demo.close() }
      try await demo.waitForWrapped(
        "Catalogue file broken.json is not valid catalogue JSON: unexpected end of file at line 1, column 13"
      )
    }

    /// A million `[`: the check that locates the fault keeps its own stack and stops at the
    /// decoder's nesting limit, so no thread's stack overflows.
    @Test func deepNestingIsRefusedWithItsPosition() async throws {
      let demo = try TmuxSession(["--latency", "0", "--data", "deep.json"], width: 200) {
        try Data(repeating: UInt8(ascii: "["), count: 1_000_000).write(
          to: $0.appendingPathComponent("deep.json"))
      }
      defer { demo.close() }
      try await demo.waitForWrapped(
        "Catalogue file deep.json is not valid catalogue JSON: nesting deeper than 512 levels at line 1, column 513"
      )
    }

    /// Every load reads the file afresh: a retry names what is wrong now, and a fixed file
    /// loads.
    @Test func aFileThatDisappearsBetweenLoadsShowsTheNewErrorOnRetry() async throws {
      let demo = try TmuxSession(["--latency", "0.1", "--data", "catalogue.json"], width: 200) {
        try Data("{ \"series\": ".utf8).write(to: $0.appendingPathComponent("catalogue.json"))
      }
      defer { demo.close() }
      try await demo.waitFor("is not valid catalogue JSON", "[r] Retry")
      let file = demo.directory.appendingPathComponent("catalogue.json")
      try FileManager.default.removeItem(at: file)
      try demo.send("r")
      try await demo.waitForWrapped(
        "Cannot read catalogue file catalogue.json: No such file or directory")
      try CatalogueFixture.write(to: demo.directory)
      try demo.send("r")
      try await demo.waitFor("Only Episode", "Only Collection")
    }
  }
}
