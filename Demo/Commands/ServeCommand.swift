import ArgumentParser
import DemoKit
import ScreenKit
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
struct ServeCommand: DemoMode {
  static let configuration = CommandConfiguration(
    commandName: "serve",
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

  @OptionGroup var network: NetworkOptions

  @Option(
    help: "Load episode details through a LoadingController (container) or the Loading protocol.")
  var variant: Variant = .container

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
    guard maxSessions > 0 else { throw ValidationError("--max-sessions must be positive.") }
  }

  /// Serves until SIGTERM or SIGINT.
  @MainActor
  func launch(startedAt: MonotonicTime) async throws {
    let home = getenv("HOME").map { String(cString: $0) } ?? "."
    var options = SSHScreenServer.Options(
      hostKeyPath: hostKey ?? "\(home)/.screenkit_ssh_host_key")
    options.host = host
    options.port = port
    options.authorizedKeysPath = authorizedKeys ?? "\(home)/.ssh/authorized_keys"
    options.maximumSessions = maxSessions
    options.modes = [.bracketedPaste, .mouseButtons, .mouseSGREncoding]
    let service = CatalogueService(source: .bundled, network: network.conditions)
    let details = EpisodeDetails()
    let variant = self.variant
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
