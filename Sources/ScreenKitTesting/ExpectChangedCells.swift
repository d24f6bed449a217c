public import ScreenKit
public import Testing

/// Checks that the harness's last rendered frame changed exactly the cells at `expected`
/// (in any order), as a host writing ``ScreenHarness/lastFrameChanges`` would write them, and
/// records the cells it did change on mismatch.
///
/// ```swift
/// await harness.advance(by: .milliseconds(80))   // one spinner frame
/// expectChangedCells(harness, [Point(x: 10, y: 2)])
/// ```
@MainActor
public func expectChangedCells(
  _ harness: ScreenHarness, _ expected: [Point],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let changes = harness.lastFrameChanges
  let actual = changes.points
  let wanted = expected.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
  guard actual != wanted else { return }
  let expectation = wanted.isEmpty ? "nothing" : wanted.map(describe).joined(separator: ", ")
  Issue.record(
    "The last frame changed \(describe(changes))\nexpected: \(expectation)",
    sourceLocation: sourceLocation)
}

/// Checks that the harness's last rendered frame changed cells in exactly the rows `expected`
/// (top to bottom), and records the runs it did change on mismatch.
@MainActor
public func expectChangedRows(
  _ harness: ScreenHarness, _ expected: [Int],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let changes = harness.lastFrameChanges
  guard changes.rows != expected.sorted() else { return }
  Issue.record(
    "The last frame changed \(describe(changes))\nexpected rows: \(expected.sorted())",
    sourceLocation: sourceLocation)
}

private func describe(_ changes: FrameChanges) -> String {
  let runs = changes.runs.map { "row \($0.y) columns \($0.x)..<\($0.endX)" }
  let kind = changes.isFullRepaint ? " (a full repaint)" : ""
  return runs.isEmpty ? "nothing" : runs.joined(separator: ", ") + kind
}

private func describe(_ point: Point) -> String {
  "(\(point.x), \(point.y))"
}
