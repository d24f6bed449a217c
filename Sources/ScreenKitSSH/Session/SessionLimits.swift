import ScreenKit
import ScreenKitTerminal

/// The limits of one session, from the server's options.
struct SessionLimits: Sendable {
  var outputBytesInFlight: Int
  var inputBytesPending: Int
  var maximumSize: Size
  var idleTimeout: Duration?
  var modes: [TerminalMode]
  /// How long an ending session waits for its client to take the restore.
  var finishGrace: Duration

  init(_ options: SSHScreenServer.Options) {
    outputBytesInFlight = max(1, options.outputBytesInFlight)
    inputBytesPending = max(1, options.inputBytesPending)
    maximumSize = Size(
      width: max(1, options.maximumSize.width), height: max(1, options.maximumSize.height))
    idleTimeout = options.idleTimeout
    modes = options.modes
    finishGrace = options.shutdownGrace
  }

  /// The size to lay screens out at for a client's `width` and `height`: 80×24 for a zero
  /// (a client that does not know), at most ``maximumSize``.
  func size(width: Int, height: Int) -> Size {
    Size(
      width: width <= 0 ? 80 : min(width, maximumSize.width),
      height: height <= 0 ? 24 : min(height, maximumSize.height))
  }
}
