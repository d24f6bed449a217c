import Foundation
import Testing

/// The README's picture of the demo is what `swift run Demo` shows: the block under "The demo"
/// is compared row by row with a 100x30 pane after five moves down.
///
/// A `...` line in the picture stands for rows left out: the rows above it are the pane's
/// first rows, the rows below it its last.
@Suite(.enabled(if: Shell.hasTmux, "tmux is not installed"))
struct ReadmeScreenshotTests {
  @Test func theDemosPictureIsWhatItShowsAfterFiveMovesDown() async throws {
    let picture = try Self.picture(after: "`swift run Demo`, 100x30, after moving down five rows:")
    let gap = try #require(picture.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "..." })
    let top = Array(picture[..<gap])
    let bottom = Array(picture[(gap + 1)...])
    let demo = try TmuxSession([], width: 100, height: 30)
    defer { demo.close() }
    try await demo.waitFor("#01  Networking")
    for _ in 1...5 { try demo.send("j") }
    // NB: waited for, not asserted on one capture: a capture can fall between the two rows a
    // move redraws. A timeout fails the test with the last screen.
    try await demo.waitUntil("the README's picture of the demo") { screen in
      let rows = Self.rows(of: screen)
      return Array(rows.prefix(top.count)) == top && Array(rows.suffix(bottom.count)) == bottom
    }
  }

  /// The lines of the first fenced block after the paragraph `caption`, trailing spaces
  /// trimmed.
  private static func picture(after caption: String) throws -> [String] {
    let readme = try String(
      contentsOf: DemoBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.components(separatedBy: "\n")
    let captionIndex = try #require(lines.firstIndex(of: caption), "no caption in the README")
    let open = try #require(lines[captionIndex...].firstIndex(of: "```"))
    let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
    return lines[(open + 1)..<close].map(trimmingTrailingSpaces)
  }

  /// The pane's rows, trailing spaces trimmed, with no empty rows after the last one drawn.
  private static func rows(of screen: String) -> [String] {
    var rows = screen.components(separatedBy: "\n").map(trimmingTrailingSpaces)
    while rows.last?.isEmpty == true { rows.removeLast() }
    return rows
  }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    String(line.reversed().drop { $0 == " " }.reversed())
  }
}
