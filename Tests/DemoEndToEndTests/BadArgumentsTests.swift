import Foundation
import Testing

extension DemoEndToEndTests {
  /// Every flag with a bad value, unknown flags and subcommands, and paths that cannot be
  /// used: one line on standard error naming the problem, exit 64, nothing on standard output
  /// (so nothing reached the terminal), before any terminal is needed.
  @Suite("Bad arguments")
  struct BadArgumentsTests {
    /// A directory with a catalogue, a directory and a symbolic link that points at itself.
    static let fixture: URL = {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("screenkit-e2e-arguments-\(getpid())")
      try? FileManager.default.createDirectory(
        at: directory.appendingPathComponent("folder"), withIntermediateDirectories: true)
      try? CatalogueFixture.write(to: directory)
      try? FileManager.default.createSymbolicLink(
        atPath: directory.appendingPathComponent("loop").path, withDestinationPath: "loop")
      return directory
    }()

    static func path(_ name: String) -> String { fixture.appendingPathComponent(name).path }

    static let cases: [([String], String)] = [
      (["--latency", "-1"], "--latency must be between 0 and 600 seconds"),
      (["--latency=-1"], "--latency must be between 0 and 600 seconds"),
      (["--latency", "abc"], "The value 'abc' is invalid for '--latency <SECONDS>'"),
      (["--latency", "nan"], "--latency must be between 0 and 600 seconds"),
      (["--latency", "1e9"], "--latency must be between 0 and 600 seconds"),
      (["--latency"], "Missing value for '--latency <SECONDS>'"),
      (["--fail-rate", "2"], "--fail-rate must be between 0 and 1"),
      (["--fail-rate", "-0.5"], "--fail-rate must be between 0 and 1"),
      (["--seed", "x"], "The value 'x' is invalid for '--seed <N>'"),
      (["--seed", "-1"], "The value '-1' is invalid for '--seed <N>'"),
      (["--fail-first", "-3"], "--fail-first must not be negative"),
      (["--fail-first", "3.5"], "The value '3.5' is invalid for '--fail-first <N>'"),
      (["--variant", "nope"], "The value 'nope' is invalid for '--variant <variant>'"),
      (["--spinner", "nope"], "The value 'nope' is invalid for '--spinner <spinner>'"),
      (
        ["--trace", "/nonexistent/dir/file"],
        "cannot open trace file '/nonexistent/dir/file': No such file or directory"
      ),
      (["--trace", path("folder")], "cannot open trace file '\(path("folder"))': Is a directory"),
      (
        ["--data", "/nonexistent/catalogue.json"],
        "--data /nonexistent/catalogue.json: No such file or directory"
      ),
      (["--data", path("folder")], "--data \(path("folder")): Is a directory"),
      (["--data", path("loop")], "--data \(path("loop")): Too many levels of symbolic links"),
      (["--bogus"], "Unknown option '--bogus'"),
      (["bogus"], "Unexpected argument 'bogus'"),
      (["files", "/nonexistent/dir"], "files /nonexistent/dir: No such file or directory"),
      (["files", path("loop")], "files \(path("loop")): Too many levels of symbolic links"),
      (["files", "--spinner", "x"], "The value 'x' is invalid for '--spinner <spinner>'"),
      (["files", "/", "b"], "Unexpected argument 'b'"),
      (["embed", "--latency", "-1"], "--latency must be between 0 and 600 seconds"),
      (["embed", "--fail-rate", "7"], "--fail-rate must be between 0 and 1"),
      (["setup", "--install-time", "0"], "--install-time must be between 10 and 600000."),
      (["setup", "--install-time", "x"], "The value 'x' is invalid for '--install-time <MS>'"),
    ]

    @Test(arguments: cases)
    func aBadArgumentGetsOneLineAndExit64(arguments: [String], message: String) throws {
      let output = try Shell.run([try DemoBinary.require()] + arguments)
      #expect(output.status == 64, "stderr: \(output.stderr)")
      #expect(output.stdout.isEmpty)
      let lines = output.stderr.split(separator: "\n")
      #expect(lines.count == 1, "stderr: \(output.stderr)")
      #expect(output.stderr.hasPrefix("Demo: "), "stderr: \(output.stderr)")
      #expect(output.stderr.contains(message), "stderr: \(output.stderr)")
    }

    /// The permission check needs a user the file is closed to; as root, the demo runs as
    /// nobody.
    @Test func anUnreadableDataFileGetsOneLineAndExit64() throws {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("screenkit-e2e-unreadable-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = directory.appendingPathComponent("secret.json").path
      try CatalogueFixture.write(to: directory, name: "secret.json")
      try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file)
      let demo = try DemoBinary.require()
      let command =
        getuid() == 0
        ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", demo]
        : [demo]
      let output = try Shell.run(command + ["--data", file])
      #expect(output.status == 64, "stderr: \(output.stderr)")
      #expect(output.stdout.isEmpty)
      #expect(output.stderr == "Demo: --data \(file): Permission denied\n")
    }

    @Test func helpGoesToStandardOutputAndExitsZero() throws {
      let output = try Shell.run([try DemoBinary.require(), "--help"])
      #expect(output.status == 0)
      #expect(output.stdout.contains("USAGE: Demo"))
      #expect(output.stderr.isEmpty)
    }

    /// In a real terminal, the error is all there is: no screen drawn, modes untouched.
    @Test func aBadFlagInATerminalLeavesItUntouched() async throws {
      let demo = try TmuxSession(["--latency", "-1"])
      defer { demo.close() }
      #expect(try await demo.exitStatus() == 64)
      let settings = try await demo.terminalSettings()
      #expect(settings.before == settings.after)
      let screen = try await demo.waitFor("EXIT=64")
      #expect(screen.split(separator: "\n").filter { !$0.isEmpty } == ["EXIT=64"])
      #expect(
        try await demo.standardError()
          == "Demo: --latency must be between 0 and 600 seconds.\n")
    }

    /// `files` takes a directory or a file, as its help says: a file opens in the preview.
    @Test func aFileGivenToFilesIsPreviewed() async throws {
      let demo = try TmuxSession(["files", "notes.txt"]) {
        try Data("first line\nsecond line\n".utf8).write(
          to: $0.appendingPathComponent("notes.txt"))
      }
      defer { demo.close() }
      try await demo.waitFor("notes.txt", "text, 2 lines", "second line")
    }
  }
}
