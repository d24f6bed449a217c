import ScreenKit
import ScreenKitLoading

/// The frames of a spinner as a program writes them to its terminal, for counting frames from
/// the bytes: a frame is a change of the glyph shown, whatever else the program rewrote.
///
/// A program that redraws a whole status line on its own timer may write the same glyph twice
/// or skip one; counting its writes would make its frames look cheaper or dearer than they
/// are. Counting glyph changes counts the same thing in every program measured.
struct SpinnerGlyphs: Sendable {
  /// The demo's default spinner, ``SpinnerStyle/dots``: every program measured uses its
  /// frames (ten braille patterns, three bytes each in UTF-8).
  static let dots = SpinnerGlyphs(frames: SpinnerStyle.dots.frames)

  /// Each frame's UTF-8 bytes.
  let encodings: [[UInt8]]

  /// The glyphs of `frames`.
  init(frames: [String]) {
    encodings = frames.map { Array($0.utf8) }
  }

  /// How often the glyph changes at or after `start` in `bytes`, from the glyph last written
  /// before `start` (a first glyph with none before it counts as a change).
  func changes(in bytes: [UInt8], from start: Int) -> Int {
    var previous: Int?
    var changes = 0
    var index = 0
    while index < bytes.count {
      guard let frame = frame(at: index, in: bytes) else {
        index += 1
        continue
      }
      if index >= start, frame != previous { changes += 1 }
      previous = frame
      index += encodings[frame].count
    }
    return changes
  }

  private func frame(at index: Int, in bytes: [UInt8]) -> Int? {
    encodings.firstIndex { encoding in
      index + encoding.count <= bytes.count
        && bytes[index..<(index + encoding.count)].elementsEqual(encoding)
    }
  }
}
