#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Small files read and written whole, with the C library (no Foundation).
enum FileBytes {
  /// The text of `errno`.
  static var lastError: String { String(cString: strerror(errno)) }

  /// The bytes of the regular file at `path` (not through a symbolic link when
  /// `followingLinks` is false), at most `limit` of them; `nil` when it cannot be read.
  static func contents(_ path: String, limit: Int, followingLinks: Bool = true) -> [UInt8]? {
    let flags = O_RDONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
    let descriptor = open(path, flags)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= limit {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return count == 0 ? bytes : nil }
      bytes += chunk[..<count]
    }
    errno = EFBIG
    return nil
  }

  /// The permission bits and owner of the file at `path`, not following a symbolic link.
  static func status(_ path: String) -> (mode: mode_t, owner: uid_t, isRegular: Bool)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & 0o7777, info.st_uid, (info.st_mode & S_IFMT) == S_IFREG)
  }

  /// Writes `bytes` to a new file at `path` with mode 0600, failing if anything is there
  /// already; `false` with `errno` set when it cannot.
  static func create(_ path: String, bytes: [UInt8]) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    // NB: the umask could only narrow 0600, but a file system may ignore it: set it again.
    guard fchmod(descriptor, 0o600) == 0 else { return false }
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return fsync(descriptor) == 0
  }
}
