public import ScreenKit
public import ScreenKitTerminal

extension SSHScreenServer {
  /// What a server listens on, whom it lets in, and the limits each client is held to; every
  /// limit has a default (docs/serving.md lists them with the threat model).
  public struct Options: Sendable {
    /// The address to listen on: the loopback address by default, so a server is reachable
    /// from other machines only when it is asked to be (`"0.0.0.0"`, `"::"`).
    public var host = "127.0.0.1"
    /// The TCP port; 0 picks a free one (``SSHScreenServer/port`` tells which).
    public var port = 2222
    /// The file of the server's Ed25519 host key, made on the first run with mode 0600 and
    /// refused later when others may read it.
    public var hostKeyPath: String
    /// An OpenSSH `authorized_keys` file, read when the server starts.
    ///
    /// A client whose public key is in it may log in, as any user name; `nil` leaves the
    /// decision to ``authorizeKey``.
    public var authorizedKeysPath: String?
    /// The program's own check of a client's key, given the user name and the key in OpenSSH's
    /// form (`ssh-ed25519 AAAA…`); called only for a key whose signature was verified, after
    /// ``authorizedKeysPath`` accepted it (or in its place, when there is none).
    public var authorizeKey: (@Sendable (_ user: String, _ openSSHKey: String) async -> Bool)?
    /// A password check; `nil`, the default, refuses password authentication altogether.
    public var checkPassword: (@Sendable (_ user: String, _ password: String) async -> Bool)?
    /// Whether `ssh -t host command` starts a session; refused by default.
    ///
    /// The command is the session's ``SSHSession/command``: nothing is executed.
    public var allowsExec = false
    /// The subsystems (`ssh -s host NAME`) that start a session; none by default.
    public var allowedSubsystems: Set<String> = []
    /// The terminal modes each session turns on (and off again when it ends).
    public var modes: [TerminalMode] = [.bracketedPaste]
    /// The most sessions at once, over all clients; connections count against it too.
    public var maximumSessions = 100
    /// The most connections one address may open in a minute; past twice as many, a
    /// connection is closed before the handshake.
    public var connectionsPerMinutePerAddress = 30
    /// The most bytes of frames written to a session and not yet taken by its client: past
    /// it, frames are merged until the client catches up (only the latest matters).
    public var outputBytesInFlight = 256 * 1024
    /// The most bytes of a session's input waiting for the main actor; more is dropped.
    public var inputBytesPending = 64 * 1024
    /// The largest terminal a session lays its screens out for; a larger one is clipped.
    public var maximumSize = Size(width: 500, height: 200)
    /// A session with no input for this long ends; `nil` never.
    public var idleTimeout: Duration? = .seconds(30 * 60)
    /// How long a connection may take to authenticate.
    public var authenticationTimeout: Duration = .seconds(30)
    /// How long ``SSHScreenServer/shutdown(message:)`` waits for sessions to restore their
    /// terminals before it closes their connections.
    public var shutdownGrace: Duration = .seconds(2)
    /// The number of event-loop threads; the screens themselves run on the main actor.
    public var threads = 1

    /// Options for a server whose host key is at `hostKeyPath`.
    public init(hostKeyPath: String) {
      self.hostKeyPath = hostKeyPath
    }
  }
}
