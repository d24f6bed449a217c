/// Bytes a program wrote, as readable text for a message or a benchmark's detail: printable
/// ASCII as is, UTF-8 characters kept, everything else escaped (`\e`, `\r`, `\n`, `\b`,
/// `\xNN`).
public func escapedBytes(_ bytes: some Collection<UInt8>) -> String {
  let bytes = Array(bytes)
  var text = ""
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    switch byte {
    case 0x1B: text += "\\e"
    case 0x08: text += "\\b"
    case 0x0D: text += "\\r"
    case 0x0A: text += "\\n"
    case 0x20...0x7E: text.append(Character(Unicode.Scalar(byte)))
    case 0xC0...0xFF:
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      let end = min(bytes.count, index + length)
      text += String(decoding: bytes[index..<end], as: UTF8.self)
      index = end
      continue
    default:
      let digits = String(byte, radix: 16)
      text += "\\x" + (digits.count == 1 ? "0" + digits : digits)
    }
    index += 1
  }
  return text
}
