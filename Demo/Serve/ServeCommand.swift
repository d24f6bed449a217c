import ArgumentParser
import DemoKit
import ScreenKit
import ScreenKitCurses
import ScreenKitSSH

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `Demo serve`: the episodes browser over SSH, a session of its own for each client, every
/// session sharing one cache of episode details.
///
/// A program of its own, `DemoServe`, which `Demo serve` runs: swift-nio-ssh links Foundation
/// (its ICU data among it), which the demo itself does without
/// (docs/decisions/2026-11-28-ssh-library.md).
@main
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "Demo serve",
    abstract: "Serve the episodes browser over SSH: `ssh -p 2222 localhost` opens a session.",
    discussion: """
      Clients log in with a key of the authorized keys file (Ed25519 or ECDSA); there are no \
      passwords. The host key is made on the first run. SIGTERM or Ctrl-C ends every session, \
      restoring its terminal, and stops the server.
      """)

  @Option(help: "The TCP port to listen on (0 picks a free one).")
  var port = 2222

  @Option(help: "The address to listen on; 0.0.0.0 serves other machines too.")
  var host = "127.0.0.1"

  @Option(
    name: .customLong("authorized-keys"),
    help: ArgumentHelp(
      "The public keys that may log in (default: ~/.ssh/authorized_keys).", valueName: "FILE"))
  var authorizedKeys: String?

  @Option(
    name: .customLong("host-key"),
    help: ArgumentHelp(
      "The server's host key, made there on the first run (default: ~/.screenkit_ssh_host_key).",
      valueName: "FILE"))
  var hostKey: String?

  @Option(help: "The most sessions at once.")
  var maxSessions = 100

  @Option(help: ArgumentHelp("How long each load takes, ±25 % jitter.", valueName: "SECONDS"))
  var latency = 0.8

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
    guard maxSessions > 0 else { throw ValidationError("--max-sessions must be positive.") }
    guard latency >= 0, latency <= 600 else {
      throw ValidationError("--latency must be between 0 and 600 seconds.")
    }
  }

  /// Makes the main thread ScreenKit's run loop, where the sessions' screens run, and serves
  /// until SIGTERM or SIGINT.
  static func main() {
    CursesRunLoop.main {
      do {
        var command = try parseAsRoot()
        if let serve = command as? ServeCommand {
          try await serve.serve()
        } else {
          try command.run()
        }
      } catch {
        let status = exitCode(for: error)
        // NB: --help arrives as an error that exits cleanly with its full text.
        guard !status.isSuccess else { exit(withError: error) }
        let message = message(for: error).split(whereSeparator: \.isNewline)
          .map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
        let line = Array("Demo serve: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        systemExit(status.rawValue)
      }
    }
  }

  /// Serves, when the argument parser's own `main` is used.
  mutating func run() async throws {
    try await serve()
  }

  /// Serves until SIGTERM or SIGINT.
  @MainActor
  func serve() async throws {
    let home = getenv("HOME").map { String(cString: $0) } ?? "."
    var options = SSHScreenServer.Options(
      hostKeyPath: hostKey ?? "\(home)/.screenkit_ssh_host_key")
    options.host = host
    options.port = port
    options.authorizedKeysPath = authorizedKeys ?? "\(home)/.ssh/authorized_keys"
    options.maximumSessions = maxSessions
    options.modes = [.bracketedPaste, .mouseButtons, .mouseSGREncoding]
    let service = CatalogueService(
      source: .bundled,
      network: NetworkConditions(latency: .milliseconds(Int((latency * 1000).rounded()))))
    let details = EpisodeDetails()
    let variant = Variant.container
    let server = try SSHScreenServer(options: options) { session in
      let settings = DisplaySettings(noColor: session.colorDepth == .monochrome)
      let browser = EpisodeBrowser(
        service: service, variant: variant, settings: settings, details: details)
      let root = browser.makeRoot()
      root.keyHints = [KeyHint("q", "quit")]
      return root
    }
    for line in server.skippedAuthorizedKeys { log("authorized keys, \(line)") }
    let bound = try await server.start()
    log("serving on \(host):\(bound), host key \(server.hostKeyFingerprint)")
    try await server.run()
    log("stopped")
  }

  /// One line on standard output, at once.
  private func log(_ line: String) {
    let bytes = Array("Demo serve: \(line)\n".utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
  }
}

// NB: at file scope this names the C library's function, which members of the same name hide
// inside the type above.
func systemExit(_ status: Int32) -> Never { exit(status) }
