import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The machine the figures were measured on.
struct Machine: Sendable {
  /// The CPU model from `/proc/cpuinfo`.
  var cpuModel: String
  /// The number of online cores (`nproc`).
  var cores: Int
  /// The kernel release.
  var kernel: String
  /// `release` or `debug`: how the benchmark binary was built.
  var build: String

  /// Reads the current machine.
  static func current() -> Machine {
    let info = ProcFiles.read("/proc/cpuinfo") ?? ""
    var model = "unknown"
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        model = String(line[line.index(after: colon)...].drop(while: { $0 == " " }))
      }
      break
    }
    var name = utsname()
    uname(&name)
    let kernel = withUnsafeBytes(of: name.release) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    #if DEBUG
      let build = "debug"
    #else
      let build = "release"
    #endif
    return Machine(
      cpuModel: model, cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), kernel: kernel,
      build: build)
  }
}
