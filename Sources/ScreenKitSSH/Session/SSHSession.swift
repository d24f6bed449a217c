public import ScreenKit
public import ScreenKitTerminal

/// One client's session: who connected, with what terminal, and the way to end it; the server
/// hands it to the closure that makes the session's root screen.
///
/// Everything here came from the client, made safe first: control characters in the user
/// name and the environment are written out as `\u{…}`, the terminal type is a terminfo
/// name or `"unknown"`, the size is within the server's ``SSHScreenServer/Options/maximumSize``.
/// Each session has its own `ScreenHost` on the main actor, so what one client sends reaches
/// no other session.
@MainActor
public final class SSHSession {
  /// What the client asked the session to run.
  public enum Command: Hashable, Sendable {
    /// An interactive login, `ssh host`.
    case shell
    /// `ssh -t host COMMAND`, when the server allows it.
    case exec(String)
    /// `ssh -t -s host NAME`, when the server allows the subsystem.
    case subsystem(String)
  }

  /// The user name the client logged in as.
  public let user: String
  /// The address the client connected from.
  public let remoteAddress: String
  /// The client's `TERM`.
  public let terminalType: String
  /// The environment variables the client sent (OpenSSH sends those its `SendEnv` names).
  public let environment: [String: String]
  /// What the client asked to run.
  public let command: Command
  /// The colours the client's terminal shows, from its `TERM` and `COLORTERM`.
  public let colorDepth: ColorDepth
  /// Whether the session is in the accessible mode.
  ///
  /// It is when the client sent `SCREENKIT_ACCESSIBLE=1` (`ssh -o
  /// SetEnv=SCREENKIT_ACCESSIBLE=1 host`, or `SendEnv` in its configuration). The session
  /// then writes lines that say what changed, never a grid, as a terminal program does in
  /// the mode.
  public let isAccessible: Bool
  /// The terminal's size now, in cells.
  public internal(set) var size: Size
  /// The stage the session's screens are on, once the root screen is made.
  public internal(set) var stage: Stage?
  /// Called with each key no screen handled; `nil`, the default, ends the session on `q` and
  /// Ctrl-C.
  public var onUnhandledKey: (@MainActor (Key) -> Void)?

  /// Set by the session's driver: how to end it.
  var ender: (@MainActor (Int, String?) -> Void)?

  init(
    user: String, remoteAddress: String, terminalType: String, environment: [String: String],
    command: Command, colorDepth: ColorDepth, size: Size, isAccessible: Bool = false
  ) {
    self.user = user
    self.remoteAddress = remoteAddress
    self.terminalType = terminalType
    self.environment = environment
    self.command = command
    self.colorDepth = colorDepth
    self.size = size
    self.isAccessible = isAccessible
  }

  /// Ends the session: the client's terminal is restored, `message` printed below its prompt,
  /// and `ssh` exits with `exitStatus`.
  public func end(exitStatus: Int = 0, message: String? = nil) {
    ender?(exitStatus, message.map { ClientText.printable($0, limit: 1024) })
  }
}
