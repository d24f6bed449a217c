import TerminalProcess

// The waits the terminal tests use, by timeout from now.
extension ChildProcess {
  /// Waits up to `timeout` for the child to end, killing it if it has not; returns how it
  /// ended (killed by SIGKILL when it had to be).
  @discardableResult
  func waitForEnd(timeout: Duration = .seconds(20)) -> WaitStatus {
    end(by: Deadline(after: timeout))
  }

  /// Waits up to `timeout` for the child to stop; returns whether it did.
  func waitForStop(timeout: Duration) -> Bool {
    waitForStop(by: Deadline(after: timeout))
  }
}
