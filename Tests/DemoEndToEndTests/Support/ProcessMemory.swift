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
