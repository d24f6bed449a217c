import Foundation
import Testing

/// No Swift block reaches the documentation without compiling: each one, in README.md, in a page
/// in docs, in a DocC article or in a doc comment, must be, verbatim, a snippet region of a test
/// file, which the test build compiles and a test beside it runs.
@Suite struct DocumentationSnippetTests {
  @Test func everySwiftBlockOfTheDocumentationIsACompiledSnippet() throws {
    let snippets = try DocumentationSources.testFiles().flatMap(DocumentationSources.snippets)
    let blocks = try DocumentationSources.documentationFiles().flatMap(DocumentationSources.blocks)
    #expect(blocks.count >= 5, "the README alone has five Swift blocks")
    #expect(
      blocks.filter { $0.file.hasSuffix(".swift") }.count >= 15,
      "the doc comments in Sources show more than fifteen Swift blocks")
    for block in blocks where !snippets.contains(where: { $0.code == block.code }) {
      Issue.record(
        """
        \(block) is not a snippet of any test file. Copy it between `// snippet: NAME` and \
        `// end-snippet` in Tests/DocumentationTests and assert what the text around it says:
        \(block.code)
        """)
    }
  }

  @Test func everySnippetIsShownInTheDocumentation() throws {
    let snippets = try DocumentationSources.testFiles().flatMap(DocumentationSources.snippets)
    let blocks = try DocumentationSources.documentationFiles().flatMap(DocumentationSources.blocks)
    for snippet in snippets where !blocks.contains(where: { $0.code == snippet.code }) {
      Issue.record(
        "snippet \(snippet.name) (\(snippet.file)) is in no documentation block; update the docs or remove it"
      )
    }
    let names = snippets.map(\.name)
    #expect(Set(names).count == names.count, "snippet names are unique: \(names.sorted())")
  }

  @Test func theBlocksOfEachSectionAreSnippetsOfOneFile() throws {
    let snippets = try DocumentationSources.testFiles().flatMap(DocumentationSources.snippets)
    for page in DocumentationSources.markdownPages() {
      let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
      let headings = lines.indices.filter { lines[$0].hasPrefix("## ") }
      var files: [Int: Set<String>] = [:]
      for block in try DocumentationSources.blocks(in: page) {
        guard let heading = headings.last(where: { $0 < block.line }),
          let snippet = snippets.first(where: { $0.code == block.code })
        else { continue }
        files[heading, default: []].insert(snippet.file)
      }
      for (heading, files) in files.sorted(by: { $0.key < $1.key }) where files.count > 1 {
        Issue.record(
          """
          \(DocumentationSources.relative(page)), "\(lines[heading].dropFirst(3))": a reader \
          pastes a section's blocks into one file, so their snippets share one file and one \
          scope; they are in \(files.sorted())
          """)
      }
    }
  }

  @Test func theReadmesFirstCommandsNameWhatThePackageHas() throws {
    let readme = try String(
      contentsOf: DocumentationSources.root.appendingPathComponent("README.md"), encoding: .utf8)
    let manifest = try String(
      contentsOf: DocumentationSources.root.appendingPathComponent("Package.swift"),
      encoding: .utf8)
    let firstBlock = try #require(readme.components(separatedBy: "```").dropFirst().first)
    #expect(firstBlock.contains("swift run Demo "))
    #expect(firstBlock.contains("swift test "))
    #expect(manifest.contains(#".executable(name: "Demo""#))
  }
}
