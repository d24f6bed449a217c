public import Testing

/// Checks the harness's screen against literal lines and records a readable diff on mismatch.
///
/// Lines are compared after removing trailing spaces; `expected` may list fewer lines than the
/// screen has, in which case the remaining screen lines must be blank.
@MainActor
public func expectScreen(
  _ harness: ScreenHarness, _ expected: [String],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let actual = harness.lines.map(trimmingTrailingSpaces)
  let wanted = expected.map(trimmingTrailingSpaces)
  let count = max(actual.count, wanted.count)
  var differences: [String] = []
  for row in 0..<count {
    let have = row < actual.count ? actual[row] : "<no row>"
    let want = row < wanted.count ? wanted[row] : ""
    guard have != want else { continue }
    let column = zip(have, want).prefix { $0 == $1 }.count
    differences.append(
      "row \(row), from column \(column):\n  expected: \"\(want)\"\n  actual:   \"\(have)\"")
  }
  guard !differences.isEmpty else { return }
  let screen = actual.enumerated().map { "\($0.offset)\t|\($0.element)" }.joined(separator: "\n")
  Issue.record(
    "Screen differs:\n\(differences.joined(separator: "\n"))\nwhole screen:\n\(screen)",
    sourceLocation: sourceLocation)
}

private func trimmingTrailingSpaces(_ line: String) -> String {
  String(line.reversed().drop { $0 == " " }.reversed())
}
