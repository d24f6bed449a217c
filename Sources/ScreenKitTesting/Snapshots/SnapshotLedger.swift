internal import Foundation
import Locking

/// The golden files the tests of this run checked, appended one path a line to the file that
/// `SCREENKIT_SNAPSHOT_LEDGER` names, so that a command run after the tests can list the golden
/// files no test checked any more.
///
/// NB: a file and not the process's memory, because no Swift Testing test can run after all
/// the others: the list is only complete once the test process has ended.
final class SnapshotLedger: Sendable {
  static let shared = SnapshotLedger(
    path: ProcessInfo.processInfo.environment["SCREENKIT_SNAPSHOT_LEDGER"])

  private let path: String?
  private let written = Locked(Set<String>())

  init(path: String?) {
    self.path = path.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Adds `golden` to the ledger, once per run.
  func record(_ golden: String) {
    guard let path else { return }
    written.withLock { written in
      guard written.insert(golden).inserted else { return }
      // NB: opened for appending at each write, so that test processes run side by side
      // (`swift test --parallel`) add to one ledger.
      guard let handle = FileHandle(forWritingAtPath: path) ?? Self.create(path) else { return }
      defer { try? handle.close() }
      _ = try? handle.seekToEnd()
      try? handle.write(contentsOf: Data((golden + "\n").utf8))
    }
  }

  private static func create(_ path: String) -> FileHandle? {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    return FileHandle(forWritingAtPath: path)
  }
}
