#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads of `/proc`: whole files, `status` fields, threads, context switches, resident memory.
public enum ProcFiles {
  /// The whole text of a (small) file, or `nil` when it cannot be read.
  public static func read(_ path: String) -> String? {
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
  public static func field(_ field: String, in text: String) -> Int? {
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
      return Int(String(digits))
    }
    return nil
  }

  /// The thread ids of this process, or of process `pid`.
  public static func threadIDs(of pid: Int32? = nil) -> [Int32] {
    guard let directory = opendir("/proc/\(pid.map(String.init) ?? "self")/task") else { return [] }
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
  public static func contextSwitches() -> [Int32: Int] {
    var switches: [Int32: Int] = [:]
    for id in threadIDs() {
      guard let text = read("/proc/self/task/\(id)/status") else { continue }
      switches[id] =
        (field("voluntary_ctxt_switches", in: text) ?? 0)
        + (field("nonvoluntary_ctxt_switches", in: text) ?? 0)
    }
    return switches
  }

  /// Context switches and CPU time of every thread of process `pid`, read from the kernel.
  public static func threads(of pid: Int32) -> [Int32: ThreadSample] {
    var samples: [Int32: ThreadSample] = [:]
    for id in threadIDs(of: pid) {
      let base = "/proc/\(pid)/task/\(id)"
      guard let status = read(base + "/status") else { continue }
      var sample = ThreadSample()
      sample.voluntarySwitches = field("voluntary_ctxt_switches", in: status) ?? 0
      sample.involuntarySwitches = field("nonvoluntary_ctxt_switches", in: status) ?? 0
      // NB: schedstat's first field is the time on a CPU in nanoseconds, exact where the
      // tick-sampled utime and stime of /proc/PID/stat are 10 ms coarse.
      if let schedstat = read(base + "/schedstat"),
        let first = schedstat.split(separator: " ").first, let nanoseconds = Int64(first)
      {
        sample.cpu = .nanoseconds(nanoseconds)
      }
      samples[id] = sample
    }
    return samples
  }

  /// The resident set size of this process now, in bytes.
  public static func residentBytes() -> Int {
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
