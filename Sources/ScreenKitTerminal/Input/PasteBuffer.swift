import ScreenKit

/// The text of a bracketed paste as it arrives, up to its closing `ESC [ 201 ~`.
///
/// The text is UTF-8 (ill-formed parts become U+FFFD); line breaks (CR, LF, CR LF) become
/// `"\n"`, and control characters other than tab and line feed are dropped, so a paste can be
/// drawn or stored as it is. It is delivered in pieces of at most a maximum length.
struct PasteBuffer: Sendable {
  private static let end: [UInt8] = Array("\u{1B}[201~".utf8)

  /// Whether the closing bracket has been read.
  private(set) var isClosed = false
  private var text = ""
  private var length = 0
  private var utf8 = UTF8Assembler()
  private var matched = 0
  private var afterReturn = false
  private var hasDelivered = false

  /// Reads one byte; a piece of text that reached `maximumLength` goes to `events`.
  mutating func read(_ byte: UInt8, maximumLength: Int, into events: inout [InputEvent]) {
    if byte == PasteBuffer.end[matched] {
      matched += 1
      if matched == PasteBuffer.end.count { isClosed = true }
      return
    }
    // NB: the bytes that looked like the start of the closing bracket were text after all.
    for held in PasteBuffer.end[0..<matched] {
      add(held, maximumLength: maximumLength, into: &events)
    }
    matched = 0
    if byte == PasteBuffer.end[0] {
      matched = 1
    } else {
      add(byte, maximumLength: maximumLength, into: &events)
    }
  }

  /// Delivers the rest of the text once the paste is closed; an empty paste is one empty
  /// event.
  mutating func close(into events: inout [InputEvent]) {
    if utf8.flush() { append(.replacementCharacter, maximumLength: .max, into: &events) }
    guard !text.isEmpty || !hasDelivered else { return }
    hasDelivered = true
    events.append(.paste(text))
  }

  private mutating func add(_ byte: UInt8, maximumLength: Int, into events: inout [InputEvent]) {
    switch utf8.push(byte) {
    case .pending: return
    case .scalar(let scalar): append(scalar, maximumLength: maximumLength, into: &events)
    case .invalid: append(.replacementCharacter, maximumLength: maximumLength, into: &events)
    case .invalidThenRetry:
      append(.replacementCharacter, maximumLength: maximumLength, into: &events)
      add(byte, maximumLength: maximumLength, into: &events)
    }
  }

  private mutating func append(
    _ scalar: Unicode.Scalar, maximumLength: Int, into events: inout [InputEvent]
  ) {
    var scalar = scalar
    switch scalar.value {
    case 13:
      afterReturn = true
      scalar = "\n"
    case 10 where afterReturn:
      afterReturn = false
      return
    case 9, 10:
      afterReturn = false
    case 0..<32, 127..<160:
      afterReturn = false
      return
    default:
      afterReturn = false
    }
    let size = UTF8.width(scalar)
    if length + size > maximumLength {
      events.append(.paste(text))
      hasDelivered = true
      text = ""
      length = 0
    }
    text.unicodeScalars.append(scalar)
    length += size
  }
}
