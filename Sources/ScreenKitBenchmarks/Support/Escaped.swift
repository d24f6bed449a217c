/// Renders bytes as readable text: printable ASCII as is, everything else escaped.
func escaped(_ bytes: [UInt8]) -> String {
  var text = ""
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    switch byte {
    case 0x1b: text += "\\e"
    case 0x08: text += "\\b"
    case 0x0d: text += "\\r"
    case 0x0a: text += "\\n"
    case 0x20...0x7e: text.append(Character(Unicode.Scalar(byte)))
    case 0xc0...0xff:
      // A UTF-8 sequence: show the character itself.
      let length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
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
