extension Screen {
  /// The subtree as an indented tree, one screen per line with its frame and state.
  ///
  /// For example `Navigation (0, 0) 80x24`, then `  List (0, 1) 80x22 focused` below it.
  public var hierarchyDescription: String {
    var lines: [String] = []
    describe(into: &lines, depth: 0)
    return lines.joined(separator: "\n")
  }

  /// The number of screens in the subtree, this one included.
  public var subtreeCount: Int {
    children.reduce(1) { $0 + $1.subtreeCount }
  }

  private func describe(into lines: inout [String], depth: Int) {
    var line = String(repeating: "  ", count: depth) + "\(name) \(frame)"
    if !title.isEmpty { line += " \"\(title)\"" }
    if isFocused { line += " focused" }
    if stage != nil && !isVisible { line += " \(appearancePhase)" }
    lines.append(line)
    for child in children { child.describe(into: &lines, depth: depth + 1) }
  }
}
