import ArgumentParser
import DemoKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `Demo serve`: runs `DemoServe`, the program built beside the demo that serves the episodes
/// browser over SSH, with the arguments given.
///
/// NB: a program of its own, as swift-nio-ssh links Foundation, which the demo does without
/// (docs/decisions/2026-11-28-ssh-library.md).
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the episodes browser over SSH: `ssh -p 2222 localhost` opens a session.",
    discussion: "Runs DemoServe, built beside Demo; `Demo serve --help` lists its options.")

  @Argument(parsing: .captureForPassthrough)
  var arguments: [String] = []

  func run() throws {
    let path = Self.siblingPath(named: "DemoServe")
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    throw ValidationError(
      "serve: cannot run \(path) (\(reason)); `swift build` builds it beside the demo.")
  }

  /// The path of `name` in the demo's own directory.
  static func siblingPath(named name: String) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable =
      count > 0
      ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments[0]
    let directory = executable.split(separator: "/", omittingEmptySubsequences: false)
      .dropLast().joined(separator: "/")
    return (directory.isEmpty ? "." : directory) + "/" + name
  }
}
