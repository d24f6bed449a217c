#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The processes of this machine, read from `/proc`.
public enum ProcessTable {
  /// Every process whose `/proc/PID/stat` could be read now.
  public static func entries() -> [ProcessEntry] {
    guard let directory = opendir("/proc") else { return [] }
    defer { closedir(directory) }
    var entries: [ProcessEntry] = []
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let pid = Int32(name), let entry = entry(pid) else { continue }
      entries.append(entry)
    }
    return entries
  }

  /// The process `pid`, or `nil` when there is none.
  public static func entry(_ pid: Int32) -> ProcessEntry? {
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let text = buffer[0..<count]
    // "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses, so the
    // fields after it start at the last ')'.
    guard let open = text.firstIndex(of: UInt8(ascii: "(")),
      let close = text.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    let fields = text[(close + 1)...].split(separator: UInt8(ascii: " "))
    // Fields 14 and 15 of the line (11 and 12 after the command) are user and system time,
    // in clock ticks.
    guard fields.count >= 13,
      let user = Int64(String(decoding: fields[11], as: UTF8.self)),
      let system = Int64(String(decoding: fields[12], as: UTF8.self)),
      let parent = Int32(String(decoding: fields[1], as: UTF8.self)),
      let group = Int32(String(decoding: fields[2], as: UTF8.self)),
      let session = Int32(String(decoding: fields[3], as: UTF8.self)),
      let terminalGroup = Int32(String(decoding: fields[5], as: UTF8.self))
    else { return nil }
    return ProcessEntry(
      pid: pid, parent: parent, group: group, session: session, terminalGroup: terminalGroup,
      state: Character(Unicode.Scalar(fields[0].first ?? UInt8(ascii: "?"))),
      command: String(decoding: text[(open + 1)..<close], as: UTF8.self),
      processorTime: .milliseconds(
        (user + system) * 1000 / Int64(max(1, sysconf(Int32(_SC_CLK_TCK))))))
  }
}
