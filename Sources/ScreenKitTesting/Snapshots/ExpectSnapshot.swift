internal import Foundation
internal import SnapshotTesting
public import Testing

/// Checks the harness's screen, styles and cursor included, against a golden file beside the
/// test, and records an issue at the caller's line with a cell-by-cell difference when they
/// differ.
///
/// The golden file is `__Snapshots__/<TestFile>/<test>.<name>.txt` in the folder of the test
/// file: `<test>` is the test function's name, `<name>` the one given here, both with every run
/// of characters other than letters, digits and `_` made one `-`. When there is no golden file
/// yet, the snapshot is written to it and the test fails, saying so: review the file, commit
/// it, and run again. `SCREENKIT_RECORD=1` in the environment writes every snapshot a test
/// checks (each such check fails, so that a recording run is never taken for a passing one);
/// `SCREENKIT_RECORD=never` writes none, as CI may want.
///
/// ```swift
/// expectSnapshot(harness, named: "loaded")
/// ```
@MainActor
public func expectSnapshot(
  _ harness: ScreenHarness, named name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectSnapshot(harness.snapshot(), named: name, sourceLocation: sourceLocation)
}

/// Checks `snapshot` against the golden file named `name` beside the test; see
/// the harness form of `expectSnapshot`.
public func expectSnapshot(
  _ snapshot: ScreenSnapshot, named name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let file = GoldenFile(named: name, at: sourceLocation)
  SnapshotLedger.shared.record(file.path)
  // NB: in place of a command that opens a diff tool, where the golden file is.
  let pointer = SnapshotTestingConfiguration.DiffTool { golden, _ in
    "Golden file: \(golden) (SCREENKIT_RECORD=1 writes it again)"
  }
  let failure = withSnapshotTesting(diffTool: pointer) {
    verifySnapshot(
      of: snapshot.text, as: .screen, named: file.name,
      record: (GoldenFile.overrides.mode ?? .current).snapshotTesting,
      snapshotDirectory: file.directory, testName: file.test)
  }
  if let failure {
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
  }
}

/// Where a snapshot's golden file is.
struct GoldenFile {
  /// The folder: `__Snapshots__/<TestFile>` beside the test file.
  let directory: String
  /// The test's name, as the file name has it.
  let test: String
  /// The snapshot's name, as the file name has it.
  let name: String

  /// What this module's own tests set instead of the environment and the test's folder.
  struct Overrides: Sendable {
    /// The folder golden files go to, in place of `__Snapshots__/<TestFile>`.
    var directory: String?
    /// The record mode, in place of `SCREENKIT_RECORD`'s.
    var mode: SnapshotRecordMode?
  }

  @TaskLocal static var overrides = Overrides()

  init(named name: String, at location: SourceLocation) {
    let folder = location.filePath.split(separator: "/", omittingEmptySubsequences: false)
      .dropLast().joined(separator: "/")
    let testFile =
      location.fileName.hasSuffix(".swift")
      ? String(location.fileName.dropLast(".swift".count)) : location.fileName
    directory = Self.overrides.directory ?? "\(folder)/__Snapshots__/\(testFile)"
    test = Self.pathComponent(Test.current?.name ?? "snapshot")
    self.name = Self.pathComponent(name)
  }

  /// The golden file's path.
  var path: String { "\(directory)/\(test).\(name).txt" }

  /// `text` with every run of characters other than ASCII letters, digits and `_` made one
  /// `-`, none at either end.
  ///
  /// NB: a name SnapshotTesting's own rule (a regular expression's `\W+`) leaves as it is, so
  /// the path the ledger records is the path it writes.
  static func pathComponent(_ text: String) -> String {
    var out = ""
    for character in text {
      if character.isASCII, character.isLetter || character.isNumber || character == "_" {
        out.append(character)
      } else if !out.isEmpty, out.last != "-" {
        out.append("-")
      }
    }
    while out.last == "-" { out.removeLast() }
    return out
  }
}

extension Snapshotting where Value == String, Format == String {
  /// A snapshot's text in a `.txt` file, compared cell by cell.
  static var screen: Snapshotting {
    Snapshotting(pathExtension: "txt", diffing: .screen)
  }
}

extension Diffing where Value == String {
  /// Two snapshots' texts: what differs, named by row and column, then the lines that differ.
  static var screen: Diffing {
    .diff(
      toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) },
      diffV2: screenDifference)
  }

  private static func screenDifference(expected: String, actual: String) -> (
    String, [DiffAttachment]
  )? {
    guard expected != actual else { return nil }
    let cells = SnapshotDifference(expected: expected, actual: actual).lines
    let lines = Diffing<String>.lines.diffV2(expected, actual)?.0 ?? ""
    let message = """
      The screen differs from its golden file (− golden, + now):
      \(cells.joined(separator: "\n"))

      \(lines)
      """
    return (message, [])
  }
}
