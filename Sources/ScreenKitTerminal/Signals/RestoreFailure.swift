/// Why a ``TerminalRestorer`` could not be installed; each session turns it into its own error.
package enum RestoreFailure: Error, Hashable, Sendable {
  /// Another session's restorer is installed: the handlers are process-wide.
  case alreadyInstalled
  /// A system call failed, with its `errno`.
  case systemCall(String, errno: Int32)
}
