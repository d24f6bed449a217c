#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads of `/proc`: context switches per thread, resident memory, and heap use.
enum ProcFiles {
  /// The whole text of a (small) file, or `nil` when it cannot be read.
  static func read(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: buffer[0..<count])
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The number after `field:` in a `status` file (kB for memory fields).
  static func field(_ field: String, in text: String) -> Int? {
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
      return Int(String(digits))
    }
    return nil
  }

  /// The thread ids of this process.
  static func threadIDs() -> [Int32] {
    guard let directory = opendir("/proc/self/task") else { return [] }
    defer { closedir(directory) }
    var ids: [Int32] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if let id = Int32(name) { ids.append(id) }
    }
    return ids
  }

  /// Voluntary plus involuntary context switches of each thread of this process.
  static func contextSwitches() -> [Int32: Int] {
    var switches: [Int32: Int] = [:]
    for id in threadIDs() {
      guard let text = read("/proc/self/task/\(id)/status") else { continue }
      switches[id] =
        (field("voluntary_ctxt_switches", in: text) ?? 0)
        + (field("nonvoluntary_ctxt_switches", in: text) ?? 0)
    }
    return switches
  }

  /// The resident set size of this process now, in bytes.
  static func residentBytes() -> Int {
    (read("/proc/self/status").flatMap { field("VmRSS", in: $0) } ?? 0) * 1024
  }
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
