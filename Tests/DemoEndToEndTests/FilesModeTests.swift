import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension DemoEndToEndTests {
  /// `Demo files` against file names that are not UTF-8, huge directories, directories that
  /// vanish, and symbolic links that lead nowhere.
  @Suite("files mode")
  struct FilesModeTests {
    /// A name is bytes: one with 0xFF is shown with U+FFFD, and stat and open use its bytes.
    @Test func aNonUTF8NameIsListedWithItsSizeAndOpens() async throws {
      let demo = try TmuxSession(["files", "."]) { directory in
        let name = Array("caf".utf8) + [0xFF] + Array(".txt".utf8)
        let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) {
            open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
          }
        }
        #expect(descriptor >= 0)
        let text = Array("hello, bytes\n".utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        close(descriptor)
      }
      defer { demo.close() }
      let listing = try await demo.waitFor("caf\u{FFFD}.txt")
      let row = listing.split(separator: "\n").first { $0.contains("caf\u{FFFD}.txt") } ?? ""
      #expect(row.contains("13 B") && !row.contains("special"), "row: \(row)")
      let rows = listing.split(separator: "\n")
      let target = rows.firstIndex { $0.contains("caf\u{FFFD}.txt") } ?? 0
      let selected = rows.firstIndex { $0.hasPrefix("›") } ?? 0
      let moves = target - selected
      for _ in 0..<abs(moves) { try demo.send(moves > 0 ? "j" : "k") }
      try demo.send("Enter")
      try await demo.waitFor("hello, bytes", "text, 1 line")
    }

    @Test func aHugeDirectoryIsListedUpToTheLimit() async throws {
      let demo = try TmuxSession(["files", "many"], width: 120) { directory in
        let many = directory.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        for index in 0..<10_050 {
          _ = FileManager.default.createFile(
            atPath: many.appendingPathComponent("f\(index)").path, contents: nil)
        }
      }
      defer { demo.close() }
      try await demo.waitFor("first 10000 of more entries")
    }

    @Test func aDirectoryThatDisappearsIsNamedOnRefresh() async throws {
      let demo = try TmuxSession(["files", "gone"], width: 160) { directory in
        try FileManager.default.createDirectory(
          at: directory.appendingPathComponent("gone"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: directory.appendingPathComponent("gone/inside.txt"))
      }
      defer { demo.close() }
      try await demo.waitFor("inside.txt")
      try FileManager.default.removeItem(at: demo.directory.appendingPathComponent("gone"))
      try demo.send("r")
      try await demo.waitForWrapped("gone: No such file or directory")
      try demo.send("q")
      #expect(try await demo.exitStatus() == 0)
    }

    /// A FIFO is described, never read: reading it would wait for a writer, or drain it.
    @Test func aFIFOIsDescribedNotRead() async throws {
      let demo = try TmuxSession(["files", "pipes"], width: 160) { directory in
        let pipes = directory.appendingPathComponent("pipes")
        try FileManager.default.createDirectory(at: pipes, withIntermediateDirectories: true)
        #expect(mkfifo(pipes.appendingPathComponent("queue").path, 0o644) == 0)
      }
      defer { demo.close() }
      try await demo.waitFor("queue", "special")
      try demo.send("Enter")
      try await demo.waitFor("special file, not previewed")
      try demo.send("q")
      #expect(try await demo.exitStatus() == 0)
    }

    @Test func aSymbolicLinkLoopIsListedAndNamedWhenOpened() async throws {
      let demo = try TmuxSession(["files", "links"], width: 160) { directory in
        let links = directory.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
          atPath: links.appendingPathComponent("loop").path, withDestinationPath: "loop")
      }
      defer { demo.close() }
      try await demo.waitFor("loop@")
      try demo.send("Enter")
      try await demo.waitForWrapped("Too many levels of symbolic links")
      try demo.send("q")
      #expect(try await demo.exitStatus() == 0)
    }
  }
}
