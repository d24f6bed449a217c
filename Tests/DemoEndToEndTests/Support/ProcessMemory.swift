import Foundation

/// What `/proc` says about a process's memory.
enum ProcessMemory {
  /// The peak resident set size (`VmHWM`) of process `pid`, in KiB.
  static func peakResidentKiB(of pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kib = line.split(separator: " ").compactMap({ Int($0) }).first
    else { throw E2EError("no VmHWM in /proc/\(pid)/status") }
    return kib
  }
}

extension ProcessMemory {
  /// The files process `pid` has mapped (`/proc/PID/maps`), each path once.
  static func mappedFiles(of pid: Int32) throws -> Set<String> {
    // NB: read to the end by hand: /proc files report size 0, and reading by that size stops
    // after the first page, which leaves out most mappings.
    let descriptor = open("/proc/\(pid)/maps", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw E2EError("cannot open /proc/\(pid)/maps") }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    let maps = String(decoding: bytes, as: UTF8.self)
    return Set(
      maps.split(separator: "\n").compactMap { line in
        line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).dropFirst(5)
          .first.map { $0.trimmingCharacters(in: .whitespaces) }
      }.filter { $0.hasPrefix("/") })
  }
}
