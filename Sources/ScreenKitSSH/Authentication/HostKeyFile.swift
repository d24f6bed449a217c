import Crypto
import NIOSSH

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The server's Ed25519 host key, kept in a file of its own: made on the first run (mode 0600,
/// never through a symbolic link, never over an existing file), and refused when others may
/// read or write it, as OpenSSH refuses such a key.
///
/// The file is one header line and the key's 32-byte seed in hexadecimal.
enum HostKeyFile {
  static let header = "ScreenKit SSH host key (Ed25519 seed; keep it private)"

  /// The key in the file at `path`, made there first if there is no file.
  static func loadOrCreate(_ path: String) throws(SSHServerError) -> Curve25519.Signing.PrivateKey {
    if FileBytes.status(path) == nil, errno == ENOENT {
      let key = Curve25519.Signing.PrivateKey()
      let text = header + "\n" + hex(Array(key.rawRepresentation)) + "\n"
      if FileBytes.create(path, bytes: Array(text.utf8)) { return key }
      // NB: another server made it meanwhile: read that one.
      guard errno == EEXIST else {
        throw SSHServerError("cannot create the host key \(path): \(FileBytes.lastError)")
      }
    }
    return try load(path)
  }

  /// The key in the file at `path`, which must be a regular file of the user's that no one
  /// else may read or write.
  static func load(_ path: String) throws(SSHServerError) -> Curve25519.Signing.PrivateKey {
    guard let status = FileBytes.status(path) else {
      throw SSHServerError("cannot read the host key \(path): \(FileBytes.lastError)")
    }
    guard status.isRegular else {
      throw SSHServerError("the host key \(path) is not a regular file")
    }
    guard status.mode & 0o077 == 0, status.owner == geteuid() else {
      let mode = String(status.mode, radix: 8)
      throw SSHServerError(
        "the host key \(path) may be read by others (mode \(mode)); chmod 600 it, or remove it for a new key"
      )
    }
    guard let bytes = FileBytes.contents(path, limit: 4096, followingLinks: false) else {
      throw SSHServerError("cannot read the host key \(path): \(FileBytes.lastError)")
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    guard lines.count == 2, lines[0] == header, let seed = unhex(lines[1]), seed.count == 32,
      let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed)
    else {
      throw SSHServerError("the host key \(path) is not a ScreenKit host key")
    }
    return key
  }

  /// The OpenSSH fingerprint of `key`'s public key: `SHA256:` and the digest of its wire form
  /// in unpadded base64, as `ssh-keygen -l` and a client's first-connection prompt show it.
  static func fingerprint(of key: Curve25519.Signing.PrivateKey) -> String {
    let type = Array("ssh-ed25519".utf8)
    let raw = Array(key.publicKey.rawRepresentation)
    var blob = lengthPrefix(type.count) + type
    blob += lengthPrefix(raw.count) + raw
    let digest = Array(SHA256.hash(data: blob))
    return "SHA256:" + Base64.encode(digest, padded: false)
  }

  private static func lengthPrefix(_ count: Int) -> [UInt8] {
    (0..<4).reversed().map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) }
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
    return String(decoding: text, as: UTF8.self)
  }

  static func unhex(_ text: Substring) -> [UInt8]? {
    let values = text.utf8.map { character -> UInt8? in
      switch character {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
      default: nil
      }
    }
    guard values.count.isMultiple(of: 2), !values.contains(nil) else { return nil }
    let digits = values.compactMap { $0 }
    return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
  }
}
