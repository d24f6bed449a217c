import ScreenKitMatching
import Testing

/// Bytes read in any pieces come out as the same lines, each kept byte for byte.
@Suite struct LineSplitterTests {
  private func lines(of chunks: [LineChunk?]) -> [[UInt8]] {
    chunks.compactMap { $0 }.flatMap { chunk in (0..<chunk.count).map { Array(chunk.line($0)) } }
  }

  @Test func linesCutAcrossReadsComeOutWhole() {
    var splitter = LineSplitter()
    splitter.append(Array("one\ntw".utf8))
    let first = splitter.takeChunk()
    splitter.append(Array("o\n\nthr".utf8))
    splitter.append(Array("ee".utf8))
    let second = splitter.takeChunk()
    #expect(lines(of: [first]) == [Array("one".utf8)])
    #expect(lines(of: [second]) == [Array("two".utf8), []])
    #expect(lines(of: [splitter.finish()]) == [Array("three".utf8)])
    #expect(splitter.finish() == nil)
  }

  @Test func everyByteButTheLineFeedIsKept() {
    let odd: [UInt8] = [0x61, 0x00, 0xFF, 0xC3, 0x0D, 0x09, 0x1B]
    var splitter = LineSplitter()
    splitter.append(odd + [0x0A])
    #expect(lines(of: [splitter.finish()]) == [odd])
  }

  @Test func noChunkWithoutACompleteLine() {
    var splitter = LineSplitter()
    #expect(splitter.takeChunk() == nil)
    splitter.append(Array("partial".utf8))
    #expect(splitter.takeChunk() == nil)
    #expect(splitter.pendingByteCount == 0)
    #expect(lines(of: [splitter.finish()]) == [Array("partial".utf8)])
  }

  @Test func anyCutOfTheInputGivesTheSameLines() {
    let text = Array("a\nbb\n\nccc\ndddd\né\n".utf8)
    let expected = text.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
      .map(Array.init)
    for cut in 0...text.count {
      var splitter = LineSplitter()
      splitter.append(Array(text[..<cut]))
      let first = splitter.takeChunk()
      splitter.append(Array(text[cut...]))
      #expect(lines(of: [first, splitter.finish()]) == expected, "cut at \(cut)")
    }
  }
}
