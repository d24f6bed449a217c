/// Finds the first place where bytes stop being UTF-8 JSON, and says where it is in the
/// words of an editor: `unexpected 'x' at line 3, column 16`.
///
/// The decoder only says that data is not valid JSON; this check runs after it failed, so a
/// user can find the fault in a large file. It keeps its own stack (no recursion), so deep
/// nesting cannot exhaust a thread's stack, and stops at ``maximumDepth``.
enum JSONSyntax {
  /// The deepest nesting of arrays and objects accepted, as the decoder's own limit.
  static let maximumDepth = 512

  private enum Expected {
    case value, valueOrEnd, key, keyOrEnd, colon, commaOrEnd, nothing
  }

  /// Where `bytes` stop being UTF-8, or `nil` when they are UTF-8 throughout.
  ///
  /// The decoder reads invalid sequences as U+FFFD without a word, so this runs first.
  static func encodingProblem(in bytes: [UInt8]) -> String? {
    firstInvalidUTF8(bytes).map { "invalid UTF-8 at \(position(of: $0, in: bytes))" }
  }

  /// The first problem in `bytes` with its line and column, or `nil` when they are valid
  /// JSON.
  static func problem(in bytes: [UInt8]) -> String? {
    if let problem = encodingProblem(in: bytes) { return problem }
    guard let (offset, what) = firstSyntaxError(bytes) else { return nil }
    return "\(what) at \(position(of: offset, in: bytes))"
  }

  /// `line L, column C`, both from 1, columns counted in characters (Unicode scalars).
  static func position(of offset: Int, in bytes: [UInt8]) -> String {
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return "line \(line), column \(column)"
  }

  /// The offset of the first byte that does not belong to well-formed UTF-8 (no overlong
  /// forms, no surrogates, nothing above U+10FFFF), or `nil`.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return index
      }
      for next in 1..<length {
        guard index + next < bytes.count else { return index }
        let byte = bytes[index + next]
        let (minimum, maximum) = next == 1 ? (low, high) : (0x80, 0xBF)
        guard byte >= minimum, byte <= maximum else { return index }
      }
      index += length
    }
    return nil
  }

  private static func firstSyntaxError(_ bytes: [UInt8]) -> (Int, String)? {
    var stack: [UInt8] = []
    var expected = Expected.value
    var index = 0
    func afterValue() -> Expected { stack.isEmpty ? .nothing : .commaOrEnd }
    while true {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
      guard index < bytes.count else { break }
      let byte = bytes[index]
      switch expected {
      case .value, .valueOrEnd:
        if expected == .valueOrEnd, byte == UInt8(ascii: "]") {
          stack.removeLast()
          index += 1
          expected = afterValue()
          continue
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard stack.count < maximumDepth else {
            return (index, "nesting deeper than \(maximumDepth) levels")
          }
          stack.append(byte)
          index += 1
          expected = byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd
        case UInt8(ascii: "\""):
          switch scanString(bytes, from: index) {
          case .success(let end): index = end
          case .failure(let problem): return problem.located
          }
          expected = afterValue()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          switch scanNumber(bytes, from: index) {
          case .success(let end): index = end
          case .failure(let problem): return problem.located
          }
          expected = afterValue()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
          let word =
            byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
          for (offset, letter) in word.utf8.enumerated() {
            guard index + offset < bytes.count else {
              return (bytes.count, "unexpected end of file")
            }
            guard bytes[index + offset] == letter else {
              return unexpected(bytes, at: index + offset)
            }
          }
          index += word.utf8.count
          expected = afterValue()
        default:
          return unexpected(bytes, at: index)
        }
      case .key, .keyOrEnd:
        if expected == .keyOrEnd, byte == UInt8(ascii: "}") {
          stack.removeLast()
          index += 1
          expected = afterValue()
          continue
        }
        guard byte == UInt8(ascii: "\"") else { return unexpected(bytes, at: index) }
        switch scanString(bytes, from: index) {
        case .success(let end): index = end
        case .failure(let problem): return problem.located
        }
        expected = .colon
      case .colon:
        guard byte == UInt8(ascii: ":") else { return unexpected(bytes, at: index) }
        index += 1
        expected = .value
      case .commaOrEnd:
        let open = stack[stack.count - 1]
        if byte == UInt8(ascii: ",") {
          index += 1
          expected = open == UInt8(ascii: "[") ? .value : .key
        } else if (open == UInt8(ascii: "[") && byte == UInt8(ascii: "]"))
          || (open == UInt8(ascii: "{") && byte == UInt8(ascii: "}"))
        {
          stack.removeLast()
          index += 1
          expected = afterValue()
        } else {
          return unexpected(bytes, at: index)
        }
      case .nothing:
        return unexpected(bytes, at: index)
      }
    }
    return expected == .nothing ? nil : (bytes.count, "unexpected end of file")
  }

  private struct Problem: Error {
    let offset: Int
    let what: String
    var located: (Int, String) { (offset, what) }
  }

  /// The offset just past the string starting at `start` (its opening quote).
  private static func scanString(_ bytes: [UInt8], from start: Int) -> Result<Int, Problem> {
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        return .success(index + 1)
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else {
          return .failure(Problem(offset: bytes.count, what: "unexpected end of file"))
        }
        let escaped = bytes[index + 1]
        if escaped == UInt8(ascii: "u") {
          for digit in 2..<6 {
            guard index + digit < bytes.count else {
              return .failure(Problem(offset: bytes.count, what: "unexpected end of file"))
            }
            guard Character(UnicodeScalar(bytes[index + digit])).isHexDigit else {
              return .failure(Problem(offset: index + digit, what: "invalid \\u escape"))
            }
          }
          index += 6
        } else if Array("\"\\/bfnrt".utf8).contains(escaped) {
          index += 2
        } else {
          return .failure(Problem(offset: index, what: "invalid escape"))
        }
      case 0x00..<0x20:
        return .failure(Problem(offset: index, what: "unescaped control character in a string"))
      default:
        index += 1
      }
    }
    return .failure(Problem(offset: bytes.count, what: "unexpected end of file"))
  }

  /// The offset just past the number starting at `start`.
  private static func scanNumber(_ bytes: [UInt8], from start: Int) -> Result<Int, Problem> {
    var index = start
    func digits() -> Int {
      let first = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - first
    }
    func need(_ count: Int) -> Result<Int, Problem>? {
      guard count == 0 else { return nil }
      return index < bytes.count
        ? .failure(Problem(offset: index, what: "invalid number"))
        : .failure(Problem(offset: index, what: "unexpected end of file"))
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if let failure = need(digits()) {
      return failure
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      if let failure = need(digits()) { return failure }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      if let failure = need(digits()) { return failure }
    }
    return .success(index)
  }

  /// `unexpected 'x'` for printable ASCII, the character itself for other text, the byte's
  /// value for control bytes.
  private static func unexpected(_ bytes: [UInt8], at offset: Int) -> (Int, String) {
    let byte = bytes[offset]
    if (0x21..<0x7F).contains(byte) {
      return (offset, "unexpected '\(Character(UnicodeScalar(byte)))'")
    }
    if byte >= 0x80 {
      let end = min(bytes.count, offset + 4)
      let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first
      return (offset, "unexpected '\(scalar.map { String($0) } ?? "?")'")
    }
    return (offset, "unexpected byte 0x" + String(byte, radix: 16, uppercase: true))
  }
}
