import ScreenKit

@testable import ScreenKitTerminal

/// A decoder for a whole byte stream at once, written as plainly as possible to check
/// ``InputDecoder`` against: it scans with an index, decodes UTF-8 with the standard library,
/// and resolves whatever is incomplete at the end as ``InputDecoder/flush()`` does.
///
/// It shares only the tables that name keys (which scalar or complete sequence is which key);
/// how bytes are grouped into characters, sequences and pastes is its own.
struct ReferenceInputDecoder {
  var sequences: [[UInt8]: Key] = [:]
  var terminalReportsMouse = true
  var maximumPasteLength = InputDecoder.defaultMaximumPasteLength

  private static let escape: UInt8 = 0x1B
  private static let pasteEnd = Array("\u{1B}[201~".utf8)

  func decode(_ bytes: [UInt8]) -> [InputEvent] {
    var events: [InputEvent] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == Self.escape {
        index = escapeSequence(bytes, at: index, doubled: false, into: &events)
      } else {
        var end = index
        while end < bytes.count && bytes[end] != Self.escape { end += 1 }
        for scalar in String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars {
          if let key = InputDecoder.key(for: scalar) { events.append(.key(key)) }
        }
        index = end
      }
    }
    return events
  }

  /// Reads from the Escape at `start`; returns where ordinary reading goes on.
  private func escapeSequence(
    _ bytes: [UInt8], at start: Int, doubled: Bool, into events: inout [InputEvent]
  ) -> Int {
    let next = start + 1
    guard next < bytes.count else {
      events.append(.key(doubled ? .alt(.escape) : .escape))
      return next
    }
    let byte = bytes[next]
    if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") {
      return controlSequence(bytes, introducer: next, doubled: doubled, into: &events)
    }
    if doubled {
      events.append(.key(.alt(.escape)))
      return next
    }
    if byte == Self.escape {
      return escapeSequence(bytes, at: next, doubled: true, into: &events)
    }
    if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "P") || byte == UInt8(ascii: "_") {
      return string(bytes, introducer: next, into: &events)
    }
    if byte >= 0x80 {
      var iterator = bytes[next...].makeIterator()
      var parser = Unicode.UTF8.ForwardParser()
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        if let key = InputDecoder.key(for: scalar) { events.append(.key(.alt(key))) }
        return next + encoded.count
      case .error(let length):
        events.append(.key(.alt(.character("\u{FFFD}"))))
        return next + length
      case .emptyInput:
        return next
      }
    }
    if let key = sequences[[Self.escape, byte]] {
      events.append(.key(key))
    } else if let key = InputDecoder.key(for: Unicode.Scalar(byte)) {
      events.append(.key(.alt(key)))
    }
    return next + 1
  }

  private func controlSequence(
    _ bytes: [UInt8], introducer: Int, doubled: Bool, into events: inout [InputEvent]
  ) -> Int {
    let isCSI = bytes[introducer] == UInt8(ascii: "[")
    var sequence: [UInt8] = [Self.escape, bytes[introducer]]
    var index = introducer + 1
    if isCSI && index < bytes.count && bytes[index] == UInt8(ascii: "[") {
      sequence.append(bytes[index])
      index += 1
    } else if isCSI && index < bytes.count && bytes[index] == UInt8(ascii: "<") {
      return mouseReport(bytes, from: index + 1, into: &events)
    }
    let parameters: ClosedRange<UInt8> = isCSI ? 0x20...0x3F : 0x30...0x3F
    while index < bytes.count && parameters.contains(bytes[index]) {
      sequence.append(bytes[index])
      index += 1
    }
    guard index < bytes.count else {
      if sequence.count == 2 { introducerAlone(sequence[1], doubled: doubled, into: &events) }
      return index
    }
    guard (0x40...0x7E).contains(bytes[index]) else { return index }
    sequence.append(bytes[index])
    let tooLong = sequence.count > InputDecoder.maximumSequenceLength
    if !tooLong && sequence == Array("\u{1B}[200~".utf8) {
      return paste(bytes, from: index + 1, into: &events)
    }
    if sequence == Self.legacyMouseStart && terminalReportsMouse
      && sequences[Self.legacyMouseStart] == nil
    {
      return legacyMouseReport(bytes, from: index + 1, into: &events)
    }
    if sequences[sequence] == nil, let focused = InputDecoder.terminalFocus(forSequence: sequence) {
      events += doubled ? [.key(.escape), .terminalFocus(focused)] : [.terminalFocus(focused)]
      return index + 1
    }
    if !tooLong, let key = sequences[sequence] ?? InputDecoder.key(forSequence: sequence) {
      events.append(.key(doubled ? InputDecoder.withAlt(key) : key))
    }
    return index + 1
  }

  private static let legacyMouseStart = Array("\u{1B}[M".utf8)

  /// An SGR report from after its `ESC [ <`: digits and semicolons up to `M` or `m`.
  ///
  /// Cut by any other byte, it is dropped and reading goes on at that byte; cut by the end of
  /// the stream, it is dropped.
  private func mouseReport(
    _ bytes: [UInt8], from start: Int, into events: inout [InputEvent]
  ) -> Int {
    var index = start
    while index < bytes.count
      && (bytes[index] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[index]))
    {
      index += 1
    }
    guard index < bytes.count else { return index }
    guard bytes[index] == UInt8(ascii: "M") || bytes[index] == UInt8(ascii: "m") else {
      return index
    }
    let report = Array("\u{1B}[<".utf8) + bytes[start...index]
    if report.count <= InputDecoder.maximumSequenceLength,
      let mouse = InputDecoder.mouseEvent(forSequence: report)
    {
      events.append(.mouse(mouse))
    }
    return index + 1
  }

  /// A legacy report's three raw bytes from `start`.
  ///
  /// A control code other than NUL among them cuts it: it is dropped and reading goes on at
  /// that byte. A report the stream ends in is dropped.
  private func legacyMouseReport(
    _ bytes: [UInt8], from start: Int, into events: inout [InputEvent]
  ) -> Int {
    let end = min(bytes.count, start + 3)
    if let cut = bytes[start..<end].firstIndex(where: { (0x01...0x1F).contains($0) }) {
      return cut
    }
    if end - start == 3, let mouse = InputDecoder.legacyMouseEvent(Array(bytes[start..<end])) {
      events.append(.mouse(mouse))
    }
    return end
  }

  private func string(_ bytes: [UInt8], introducer: Int, into events: inout [InputEvent]) -> Int {
    var index = introducer + 1
    while index < bytes.count {
      switch bytes[index] {
      case 0x07:
        return index + 1
      case Self.escape:
        if index + 1 == bytes.count {
          if index == introducer + 1 { introducerAlone(bytes[introducer], into: &events) }
          events.append(.key(.escape))
          return index + 1
        }
        return bytes[index + 1] == UInt8(ascii: "\\") ? index + 2 : index
      default:
        index += 1
      }
    }
    if index == introducer + 1 { introducerAlone(bytes[introducer], into: &events) }
    return index
  }

  private func introducerAlone(
    _ byte: UInt8, doubled: Bool = false, into events: inout [InputEvent]
  ) {
    let key = Key.character(Character(Unicode.Scalar(byte)))
    events += doubled ? [.key(.alt(.escape)), .key(key)] : [.key(.alt(key))]
  }

  /// A paste from `start`, its text up to the first closing bracket, cleaned and cut into
  /// pieces.
  ///
  /// Without a closing bracket only the pieces already full were delivered.
  private func paste(_ bytes: [UInt8], from start: Int, into events: inout [InputEvent]) -> Int {
    var end = start
    var closed = false
    while end + Self.pasteEnd.count <= bytes.count {
      if Array(bytes[end..<(end + Self.pasteEnd.count)]) == Self.pasteEnd {
        closed = true
        break
      }
      end += 1
    }
    if !closed { end = bytes.count }
    var scalars: [Unicode.Scalar] = []
    var afterReturn = false
    for scalar in String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars {
      let wasAfterReturn = afterReturn
      afterReturn = scalar == "\r"
      switch scalar.value {
      case 13: scalars.append("\n")
      case 10: if !wasAfterReturn { scalars.append("\n") }
      case 9: scalars.append(scalar)
      case 0..<32, 127..<160: break
      default: scalars.append(scalar)
      }
    }
    var pieces: [String] = [""]
    var length = 0
    for scalar in scalars {
      let size = UTF8.width(scalar)
      if length + size > maximumPasteLength {
        pieces.append("")
        length = 0
      }
      pieces[pieces.count - 1].unicodeScalars.append(scalar)
      length += size
    }
    if !closed { pieces.removeLast() }
    events += pieces.map { .paste($0) }
    return closed ? end + Self.pasteEnd.count : bytes.count
  }
}
