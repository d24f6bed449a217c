import ScreenKit

/// Assembles Unicode scalars from UTF-8 bytes that may arrive one at a time, keeping a partial
/// character between calls.
///
/// Invalid input is replaced the way the standard library does it (one U+FFFD for each
/// maximal ill-formed subpart), and a byte that cannot continue a character is handed back to
/// be read again, so a bad byte never swallows what follows it.
struct UTF8Assembler: Sendable {
  /// What one byte did.
  enum Step: Equatable {
    /// The byte began or continued a character that is not complete yet.
    case pending
    /// The byte completed this scalar.
    case scalar(Unicode.Scalar)
    /// The byte is not UTF-8 here: one U+FFFD stands for it.
    case invalid
    /// The character begun earlier is cut short: one U+FFFD stands for it, and the byte must
    /// be read again on its own.
    case invalidThenRetry
  }

  private var value: UInt32 = 0
  private var remaining = 0
  private var lower: UInt8 = 0x80
  private var upper: UInt8 = 0xBF

  /// Whether no character is partly read.
  var isEmpty: Bool { remaining == 0 }

  /// Reads one byte.
  mutating func push(_ byte: UInt8) -> Step {
    guard remaining > 0 else { return start(byte) }
    guard byte >= lower && byte <= upper else {
      remaining = 0
      return .invalidThenRetry
    }
    value = value << 6 | UInt32(byte & 0x3F)
    remaining -= 1
    lower = 0x80
    upper = 0xBF
    guard remaining == 0 else { return .pending }
    return Unicode.Scalar(value).map { .scalar($0) } ?? .invalid
  }

  /// Ends a partial character; returns whether there was one (it stands for one U+FFFD).
  mutating func flush() -> Bool {
    defer { remaining = 0 }
    return remaining > 0
  }

  private mutating func start(_ byte: UInt8) -> Step {
    lower = 0x80
    upper = 0xBF
    switch byte {
    case 0x00...0x7F:
      return .scalar(Unicode.Scalar(byte))
    case 0xC2...0xDF:
      (value, remaining) = (UInt32(byte & 0x1F), 1)
    case 0xE0...0xEF:
      (value, remaining) = (UInt32(byte & 0x0F), 2)
      if byte == 0xE0 { lower = 0xA0 }
      if byte == 0xED { upper = 0x9F }
    case 0xF0...0xF4:
      (value, remaining) = (UInt32(byte & 0x07), 3)
      if byte == 0xF0 { lower = 0x90 }
      if byte == 0xF4 { upper = 0x8F }
    default:
      return .invalid
    }
    return .pending
  }
}
