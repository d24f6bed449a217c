#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A new directory under the system's temporary directory, removed with its files by
/// ``remove()``.
struct TemporaryDirectory {
  let path: String

  init() {
    var template = Array("/tmp/screenkit-ssh-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    path = made.map { String(cString: $0) } ?? "/tmp"
  }

  /// Writes `text` to the file `name` in the directory with `mode`, and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String, mode: mode_t = 0o600) -> String {
    let file = "\(path)/\(name)"
    let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, mode)
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { writeBytes(descriptor, $0.baseAddress, $0.count) }
    fchmod(descriptor, mode)
    close(descriptor)
    return file
  }

  /// The permission bits of the file `name`.
  func mode(of name: String) -> mode_t? {
    var info = stat()
    guard lstat("\(path)/\(name)", &info) == 0 else { return nil }
    return info.st_mode & 0o777
  }

  func remove() {
    if let directory = opendir(path) {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
          String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { unlink("\(path)/\(name)") }
      }
      closedir(directory)
    }
    rmdir(path)
  }
}

// NB: at file scope this names the C library's function, which the member of the same name
// hides inside the type above.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
