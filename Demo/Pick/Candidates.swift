import ScreenKit
import ScreenKitMatching

/// The lines read so far from standard input, in chunks: what the picker filters.
///
/// Each new value holds the chunks of the one before and more, so a ranking of an earlier
/// value stays valid for the later one (see `FuzzyRanker`).
struct Candidates: Sendable {
  /// The lines, in the order they came.
  var chunks: [LineChunk] = []
  /// How many lines the chunks hold.
  var lineCount = 0
  /// Their bytes, without the line feeds.
  var byteCount = 0
  /// Whether standard input has ended, so no more lines come.
  var isComplete = false

  /// The bytes of the line at `line` of chunk `chunk`.
  func line(_ line: RankedLine) -> ArraySlice<UInt8> {
    chunks[line.chunk].line(line.line)
  }

  /// These candidates with `chunk` added.
  mutating func append(_ chunk: LineChunk) {
    chunks.append(chunk)
    lineCount += chunk.count
    byteCount += chunk.byteCount
  }
}
