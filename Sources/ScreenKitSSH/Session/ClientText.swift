/// Text a client sent (a user name, a terminal type, an environment variable), made safe to
/// show on a terminal: no control character of it reaches a screen, another session or the
/// server's own log.
enum ClientText {
  /// `text` with each control character (C0, DEL, C1) written as `\u{…}` and cut to
  /// `limit` characters.
  static func printable(_ text: String, limit: Int = 256) -> String {
    var result = ""
    for scalar in text.unicodeScalars.prefix(limit) {
      if isControl(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A terminal type as terminfo names it: letters, digits and `-._+`, at most 64 of them;
  /// anything else makes it `"unknown"`.
  static func terminalType(_ text: String) -> String {
    let allowed = text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || "-._+".unicodeScalars.contains(scalar))
    }
    guard allowed, !text.isEmpty, text.utf8.count <= 64 else { return "unknown" }
    return text
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
