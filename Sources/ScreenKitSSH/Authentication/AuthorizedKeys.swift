import NIOSSH

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The public keys of an OpenSSH `authorized_keys` file that may log in.
///
/// A line is a key type, the key in base64 and an optional comment. Ed25519 and ECDSA keys are
/// taken (the types swift-nio-ssh verifies); an RSA key, and a line with options (`from=`,
/// `command=`, `restrict`…), which this server could not honour, are skipped and reported in
/// ``skipped``, never taken without their restriction.
struct AuthorizedKeys: Sendable {
  static let keyTypes: Set<Substring> = [
    "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
  ]

  /// The keys that may log in.
  private(set) var keys: Set<NIOSSHPublicKey> = []
  /// One line for each line not taken: its number and why.
  private(set) var skipped: [String] = []

  /// The keys of `text`, the file's contents.
  init(text: String) {
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      guard let first = fields.first, !first.hasPrefix("#") else { continue }
      guard Self.keyTypes.contains(first), fields.count >= 2 else {
        let reason =
          first.hasPrefix("ssh-rsa") || first.hasPrefix("ssh-dss")
          ? "RSA and DSA keys are not supported (use ssh-keygen -t ed25519)"
          : "options or an unknown key type, which this server cannot honour"
        skipped.append("line \(index + 1): \(reason)")
        continue
      }
      guard let key = try? NIOSSHPublicKey(openSSHPublicKey: "\(first) \(fields[1])") else {
        skipped.append("line \(index + 1): not a valid \(first) key")
        continue
      }
      keys.insert(key)
    }
  }

  /// The keys of the file at `path`.
  init(path: String) throws(SSHServerError) {
    guard let bytes = FileBytes.contents(path, limit: 1 << 20) else {
      throw SSHServerError("cannot read the authorized keys file \(path): \(FileBytes.lastError)")
    }
    self.init(text: String(decoding: bytes, as: UTF8.self))
  }

  /// Whether `key` may log in.
  func contains(_ key: NIOSSHPublicKey) -> Bool { keys.contains(key) }
}
