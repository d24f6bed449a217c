import Foundation
import ScreenKit
import ScreenKitLoading
import Testing

@testable import ScreenKitTesting

/// A title, a highlighted row with a wide character, and a status line in colour.
@MainActor
final class SnapshotSampleScreen: Screen {
  var titleStyle = Style.bold
  var selected = 1

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("Episodes", at: .zero, style: titleStyle)
    for (row, name) in ["One", "终端 Two"].enumerated() {
      let style = row + 1 == selected ? Style.reverse : .plain
      canvas.fill(Rect(x: 0, y: row + 1, width: 16, height: 1), with: .blank(style))
      canvas.drawText(name, at: Point(x: 2, y: row + 1), style: style)
    }
    canvas.drawText("↑↓", at: Point(x: 0, y: 3), style: Style(foreground: .cyan))
    canvas.drawText("move", at: Point(x: 3, y: 3), style: Style(foreground: .indexed(244)))
  }
}

@MainActor
@Suite struct ScreenSnapshotTests {
  static let size = Size(width: 16, height: 4)

  /// A folder of its own for a test's golden files, removed when the test ends.
  private func withGoldenFolder(
    mode: SnapshotRecordMode, _ body: (String) throws -> Void
  ) rethrows {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenkit-snapshots-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try GoldenFile.$overrides.withValue(GoldenFile.Overrides(directory: folder, mode: mode)) {
      try body(folder)
    }
  }

  @Test func theTextShowsRowsThenStyledRunsByColumn() async {
    let harness = ScreenHarness(root: SnapshotSampleScreen(), size: Self.size)
    #expect(
      harness.snapshot().text == """
        size: 16x4
        cursor: hidden
        rows:
          0|Episodes        |
          1|  One           |
          2|  终端 Two      |
          3|↑↓ move         |
        styles:
          0 0-7 bold
          1 0-15 reverse
          3 0-1 fg=cyan; 3-6 fg=color244

        """)
    await harness.finish()
  }

  @Test func everyAttributeAndColourHasAName() {
    let style = Style(
      foreground: .brightBlack, background: .indexed(236),
      attributes: [.bold, .dim, .underline, .reverse])
    #expect(
      ScreenSnapshot.describe(style) == "bold dim underline reverse fg=brightBlack bg=color236")
    #expect(ScreenSnapshot.describe(.plain) == "plain")
  }

  @Test func aVisibleCursorIsWrittenAsColumnAndRow() {
    let snapshot = ScreenSnapshot(
      grid: CellGrid(size: Size(width: 2, height: 1)), cursor: Point(x: 1, y: 0))
    #expect(snapshot.text.contains("\ncursor: 1,0\n"))
  }

  @Test func aFocusedFieldsCursorIsInTheSnapshot() {
    let field = TextField(text: "abc", prompt: "> ")
    let harness = ScreenHarness(root: field, size: Self.size)
    #expect(harness.snapshot().text.contains("\ncursor: 5,0\n"))
    harness.press(.left)
    #expect(harness.snapshot().text.contains("\ncursor: 4,0\n"))
  }

  @Test func aSnapshotTakenTwiceIsByteIdentical() async {
    // Two harnesses, each at the same virtual moment of a spinner: the frame comes from the
    // harness's clock, so both draw the same bytes, and so does one harness asked twice.
    func spinnerAfter(_ duration: Duration) async -> ScreenHarness {
      let loader = FakeLoader<String>()
      let controller = LoadingController(source: loader.source(.async)) { TextScreen(text: $0) }
      let harness = ScreenHarness(root: controller, size: Self.size)
      await harness.advance(by: duration)
      loader.resolve("done")
      return harness
    }
    let first = await spinnerAfter(.milliseconds(390))
    let second = await spinnerAfter(.milliseconds(390))
    #expect(Array(first.snapshot().text.utf8) == Array(second.snapshot().text.utf8))
    #expect(Array(first.snapshot().text.utf8) == Array(first.snapshot().text.utf8))
    #expect(Array(first.snapshot().svg().utf8) == Array(second.snapshot().svg().utf8))
    #expect(first.contains("Loading"))
    await first.advance(by: .seconds(1))
    await second.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
  }

  @Test func aMissingGoldenFileIsWrittenAndTheCheckFails() async throws {
    let harness = ScreenHarness(root: SnapshotSampleScreen(), size: Self.size)
    try withGoldenFolder(mode: .missing) { folder in
      withKnownIssue {
        expectSnapshot(harness, named: "first run")
      } matching: { issue in
        String(describing: issue).contains("No reference was found on disk")
      }
      let written = try String(
        contentsOfFile: "\(folder)/aMissingGoldenFileIsWrittenAndTheCheckFails.first-run.txt",
        encoding: .utf8)
      #expect(written == harness.snapshot().text)
      expectSnapshot(harness, named: "first run")
    }
    await harness.finish()
  }

  @Test func aChangedStyleFailsAtTheCallersLineNamingTheCells() async throws {
    let screen = SnapshotSampleScreen()
    let harness = ScreenHarness(root: screen, size: Self.size)
    withGoldenFolder(mode: .missing) { _ in
      withKnownIssue { expectSnapshot(harness, named: "title") }
      screen.titleStyle = Style(foreground: .red)
      screen.setNeedsDisplay()
      let line = #_sourceLocation.line + 2
      withKnownIssue {
        expectSnapshot(harness, named: "title")
      } matching: { issue in
        let text = String(describing: issue)
        return issue.sourceLocation?.line == line
          && text.contains("row 0 columns 0-7 style: expected bold, actual fg=red")
          && !text.contains("row 0 text")
      }
    }
    await harness.finish()
  }

  @Test func aMovedHighlightNamesTheRowsWhoseStyleChanged() async throws {
    let screen = SnapshotSampleScreen()
    let harness = ScreenHarness(root: screen, size: Self.size)
    let before = harness.snapshot().text
    screen.selected = 2
    screen.setNeedsDisplay()
    let difference = SnapshotDifference(expected: before, actual: harness.snapshot().text)
    #expect(
      difference.lines == [
        "row 1 columns 0-15 style: expected reverse, actual plain",
        "row 2 columns 0-15 style: expected plain, actual reverse",
      ])
    await harness.finish()
  }

  @Test func changedTextNamesTheRowAndTheFirstColumnThatDiffers() {
    var grid = CellGrid(size: Size(width: 6, height: 1))
    let before = ScreenSnapshot(grid: grid).text
    grid[3, 0] = Cell("x")
    let difference = SnapshotDifference(expected: before, actual: ScreenSnapshot(grid: grid).text)
    #expect(
      difference.lines == [
        "row 0 text, from column 3:", "  expected: |      |", "  actual:   |   x  |",
      ])
  }

  @Test func recordingRewritesTheGoldenFileAndFails() async throws {
    let screen = SnapshotSampleScreen()
    let harness = ScreenHarness(root: screen, size: Self.size)
    try withGoldenFolder(mode: .missing) { folder in
      withKnownIssue { expectSnapshot(harness, named: "screen") }
      screen.selected = 2
      screen.setNeedsDisplay()
      GoldenFile.$overrides.withValue(GoldenFile.Overrides(directory: folder, mode: .all)) {
        withKnownIssue {
          expectSnapshot(harness, named: "screen")
        } matching: { issue in
          String(describing: issue).contains("Record mode is on")
        }
      }
      let path = "\(folder)/recordingRewritesTheGoldenFileAndFails.screen.txt"
      let written = try String(contentsOfFile: path, encoding: .utf8)
      #expect(written == harness.snapshot().text)
      expectSnapshot(harness, named: "screen")
    }
    await harness.finish()
  }

  @Test func neverRecordingWritesNothing() async throws {
    let harness = ScreenHarness(root: SnapshotSampleScreen(), size: Self.size)
    withGoldenFolder(mode: .never) { folder in
      withKnownIssue { expectSnapshot(harness, named: "screen") }
      #expect(
        !FileManager.default.fileExists(atPath: "\(folder)/neverRecordingWritesNothing.screen.txt"))
    }
    await harness.finish()
  }

  @Test func thePictureKeepsAWideCharacterWholeOverItsTwoCells() async {
    let harness = ScreenHarness(root: SnapshotSampleScreen(), size: Self.size)
    let svg = harness.snapshot().svg()
    // Row 2 at 18 pixels a row after a 12-pixel margin; 终端 covers columns 2-5, Two 7-9.
    #expect(svg.contains("<text x=\"30\" y=\"61\" textLength=\"36\" "))
    #expect(svg.contains(">终端</text>"))
    #expect(svg.contains("<text x=\"75\" y=\"61\" textLength=\"27\" "))
    // The selected row is drawn reversed: the foreground colour behind dark text.
    #expect(svg.contains("<rect x=\"12\" y=\"30\" width=\"144\" height=\"18\" fill=\"#c5c8c6\"/>"))
    await harness.finish()
  }

  @Test func theLedgerListsEachCheckedGoldenFileOnce() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenkit-ledger-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let ledger = SnapshotLedger(path: path)
    ledger.record("/a/__Snapshots__/T/one.x.txt")
    ledger.record("/a/__Snapshots__/T/two.x.txt")
    ledger.record("/a/__Snapshots__/T/one.x.txt")
    let lines = try String(contentsOfFile: path, encoding: .utf8)
    #expect(lines == "/a/__Snapshots__/T/one.x.txt\n/a/__Snapshots__/T/two.x.txt\n")
  }

  @Test func namesBecomePathComponents() {
    #expect(GoldenFile.pathComponent("spinner(variant:)") == "spinner-variant")
    #expect(GoldenFile.pathComponent("error with retry") == "error-with-retry")
    #expect(GoldenFile.pathComponent("--a__b--") == "a__b")
  }

  @Test func goldenFilesAreBesideTheTestFile() {
    let file = GoldenFile(named: "loaded", at: #_sourceLocation)
    #expect(
      file.directory.hasSuffix("/Tests/ScreenKitTestingTests/__Snapshots__/ScreenSnapshotTests"))
    #expect(file.test == "goldenFilesAreBesideTheTestFile")
    #expect(file.path.hasSuffix("/goldenFilesAreBesideTheTestFile.loaded.txt"))
  }
}
