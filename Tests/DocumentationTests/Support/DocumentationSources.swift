import Foundation

/// The package's documentation and the snippet regions of its tests, read from the checkout.
///
/// A snippet region is the lines of a test file between `// snippet: NAME` and
/// `// end-snippet`; a documentation block is a fenced ```` ```swift ```` block of README.md, of
/// a page in docs, of a DocC article, or of a `///` doc comment in Sources (DocC shows those on
/// symbol pages). Both
/// are compared without their common indentation, so a snippet may sit inside a function or a
/// type.
enum DocumentationSources {
  /// A fenced Swift block of a documentation file.
  struct Block: CustomStringConvertible {
    let file: String
    let line: Int
    let code: String
    var description: String { "\(file):\(line)" }
  }

  /// A marked region of a test file.
  struct Snippet {
    let name: String
    let file: String
    let code: String
  }

  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// README.md and the pages in docs, every article and landing page of every DocC catalogue
  /// in Sources, and every Swift file in Sources, whose doc comments DocC shows on the symbol
  /// pages.
  static func documentationFiles() -> [URL] {
    markdownPages()
      + files(under: root.appendingPathComponent("Sources")) {
        ($0.pathExtension == "md" && $0.path.contains(".docc/")) || $0.pathExtension == "swift"
      }
  }

  /// README.md and every Markdown page in docs: what a reader reads as one page per file.
  static func markdownPages() -> [URL] {
    [root.appendingPathComponent("README.md")]
      + files(under: root.appendingPathComponent("docs")) { $0.pathExtension == "md" }
  }

  /// Every Swift file under Tests.
  static func testFiles() -> [URL] {
    files(under: root.appendingPathComponent("Tests")) { $0.pathExtension == "swift" }
  }

  /// The fenced Swift blocks of `file`; of a Swift file, those of its `///` doc comments.
  static func blocks(in file: URL) throws -> [Block] {
    var lines: [String?] = try String(contentsOf: file, encoding: .utf8)
      .components(separatedBy: "\n")
    if file.pathExtension == "swift" { lines = lines.map { $0.flatMap(docCommentText) } }
    var blocks: [Block] = []
    var current: (start: Int, lines: [String])?
    for (number, line) in lines.enumerated() {
      guard let line else {
        // NB: a doc comment ended inside a fence: DocC shows no block, nor does this.
        current = nil
        continue
      }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = (number + 1, [])
      } else if let open = current, trimmed == "```" {
        blocks.append(Block(file: relative(file), line: open.start, code: dedent(open.lines)))
        current = nil
      } else {
        current?.lines.append(line)
      }
    }
    return blocks
  }

  /// The text of a `///` doc-comment line, without the slashes and the one space after them;
  /// `nil` for any other line.
  private static func docCommentText(_ line: String) -> String? {
    let text = line.drop { $0 == " " }
    guard text.hasPrefix("///"), !text.hasPrefix("////") else { return nil }
    let comment = text.dropFirst(3)
    return String(comment.hasPrefix(" ") ? comment.dropFirst() : comment)
  }

  /// The snippet regions of `file`.
  static func snippets(in file: URL) throws -> [Snippet] {
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    var snippets: [Snippet] = []
    var current: (name: String, lines: [String])?
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("// snippet: ") {
        current = (String(trimmed.dropFirst("// snippet: ".count)), [])
      } else if trimmed == "// end-snippet", let open = current {
        snippets.append(Snippet(name: open.name, file: relative(file), code: dedent(open.lines)))
        current = nil
      } else {
        current?.lines.append(line)
      }
    }
    return snippets
  }

  /// `lines` joined, without the indentation they all share.
  static func dedent(_ lines: [String]) -> String {
    let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }
      .map { $0.prefix { $0 == " " }.count }
    let common = indents.min() ?? 0
    return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(common)) }
      .joined(separator: "\n")
  }

  /// The path of `file` from the package's root folder.
  static func relative(_ file: URL) -> String {
    String(file.path.dropFirst(root.path.count + 1))
  }

  private static func files(under folder: URL, where include: (URL) -> Bool) -> [URL] {
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    var found: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
      if include(url) { found.append(url) }
    }
    return found.sorted { $0.path < $1.path }
  }
}
