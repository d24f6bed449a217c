internal import Foundation
internal import SnapshotTesting
public import Testing

/// Checks that the SVG file at `path` is what ``ScreenSnapshot/svg(cellWidth:cellHeight:)``
/// draws of the harness's screen now, and records an issue at the caller's line when it is not,
/// so that a picture in the documentation cannot go stale.
///
/// A missing file is written and the check fails, as with `expectSnapshot`;
/// `SCREENKIT_RECORD=1` writes it again. The difference is the SVG's lines; take a text
/// snapshot of the same screen beside it for one a reviewer reads cell by cell.
@MainActor
public func expectPicture(
  _ harness: ScreenHarness, at path: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let svg = harness.snapshot().svg()
  SnapshotLedger.shared.record(path)
  let mode = GoldenFile.overrides.mode ?? .current
  let existing = FileManager.default.contents(atPath: path).map {
    String(decoding: $0, as: UTF8.self)
  }
  func write() -> String {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
      try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
      return "wrote \(path)"
    } catch {
      return "could not write \(path): \(error)"
    }
  }
  let message: String
  switch (existing, mode) {
  case (_, .all):
    message = "Recording (SCREENKIT_RECORD): \(write()); run again without it to check it."
  case (nil, .never):
    message = "No picture at \(path), and SCREENKIT_RECORD=never writes none."
  case (nil, _):
    message = "No picture at \(path) yet: \(write()). Review it, commit it, and run again."
  case (let old?, _):
    guard old != svg else { return }
    let lines = Diffing.lines.diffV2(old, svg)?.0 ?? ""
    message = """
      The picture at \(path) is not what the screen draws now (− file, + now); \
      SCREENKIT_RECORD=1 draws it again:
      \(lines)
      """
  }
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
