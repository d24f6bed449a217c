internal import Foundation
import SnapshotTesting

/// Whether checking a snapshot writes its golden file, from `SCREENKIT_RECORD`.
enum SnapshotRecordMode: Equatable, Sendable {
  /// Golden files that are missing are written (and the check fails); the default.
  case missing
  /// Every golden file checked is written (and each check fails): `SCREENKIT_RECORD=1`.
  case all
  /// Nothing is written; a missing golden file fails: `SCREENKIT_RECORD=never`.
  case never

  /// The mode the environment asks for.
  static var current: SnapshotRecordMode {
    switch ProcessInfo.processInfo.environment["SCREENKIT_RECORD"] {
    case "1", "all", "true", "yes": .all
    case "never": .never
    default: .missing
    }
  }

  var snapshotTesting: SnapshotTestingConfiguration.Record {
    switch self {
    case .missing: .missing
    case .all: .all
    case .never: .never
    }
  }
}
