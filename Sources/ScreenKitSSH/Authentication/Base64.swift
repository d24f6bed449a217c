/// Base64 (RFC 4648) encoding, for a key's fingerprint.
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` in base64, with `=` padding or without.
  static func encode(_ bytes: [UInt8], padded: Bool = true) -> String {
    var text: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      var value = 0
      for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
      for position in 0..<4 {
        if position <= chunk.count {
          text.append(alphabet[(value >> (18 - 6 * position)) & 63])
        } else if padded {
          text.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: text, as: UTF8.self)
  }
}
