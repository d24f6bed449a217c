import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A program the outside scenario starts on a pty.
///
/// `Demo load-probe` in one loading variant (full-screen or inline), the C + ncurses
/// reference or the Python rich one: each shows a spinner, finishes a load of a fixed time,
/// shows one line of text, traces `load_end`, and quits on `q`.
struct ProbeProgram: Sendable {
  /// The column label, such as `container`, `inline protocol` or `C + ncurses`.
  var label: String
  /// The executable.
  var path: String
  /// The arguments before the shared ones (`load-probe protocol` for the demo).
  var leadingArguments: [String]
  /// Variables added to the probe's environment.
  var environment: [String: String] = [:]

  /// Whether the executable is there.
  var exists: Bool { access(path, X_OK) == 0 }

  /// The full argument list for one run.
  func arguments(seconds: Double, text: String, trace: TraceFile) -> [String] {
    leadingArguments + ["--seconds", String(seconds), "--text", text, "--trace", trace.path]
  }

  /// Starts one run on a new pseudo-terminal that watches for `text`.
  ///
  /// A size is the pty's window size and goes in `LINES` and `COLUMNS` too: ncurses takes the
  /// variables first, while the inline viewport and Python ask the terminal. The caller closes
  /// the recorder.
  func launch(
    seconds: Double, text: String, trace: TraceFile, size: (width: Int, height: Int)? = nil
  ) throws -> (recorder: TerminalRecorder, child: ChildProcess) {
    let recorder = try TerminalRecorder(
      size: size.map { WindowSize(width: $0.width, height: $0.height) })
    recorder.watch(for: text)
    var variables = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]
    if let size {
      variables["LINES"] = "\(size.height)"
      variables["COLUMNS"] = "\(size.width)"
    }
    do {
      let child = try ChildProcess(
        executable: path, arguments: arguments(seconds: seconds, text: text, trace: trace),
        input: recorder.follower, output: .descriptor(recorder.follower), error: .discarded,
        environment: variables.merging(environment) { $1 })
      return (recorder, child)
    } catch {
      recorder.close()
      throw error
    }
  }

  /// The demo's load probe in `variant`, from the benchmark's own products directory.
  static func demo(variant: String) -> ProbeProgram {
    ProbeProgram(
      label: variant, path: ChildProcess.productsDirectory + "/Demo",
      leadingArguments: ["load-probe", variant])
  }

  /// The demo's container probe on one of its run loops (`SCREENKIT_RUN_LOOP`).
  static func demo(runLoop: String, label: String) -> ProbeProgram {
    var program = demo(variant: "container")
    program.label = label
    program.environment = ["SCREENKIT_RUN_LOOP": runLoop]
    return program
  }

  /// The demo's load probe in `variant` in an inline region of one row (`--inline --height
  /// 1`): the footprint of a status line, as rich's; the spinner is at the region's top-left
  /// whatever its height.
  static func inlineDemo(variant: String) -> ProbeProgram {
    var program = demo(variant: variant)
    program.label = "inline \(variant)"
    program.leadingArguments += ["--inline", "--height", "1"]
    return program
  }

  /// The reference programs' sources: `Reference/` beside this benchmark's sources, as the
  /// benchmarks run from a checkout.
  static var referenceDirectory: String {
    var directory = "\(#filePath)"
    for _ in 0..<2 {
      guard let slash = directory.lastIndex(of: "/") else { break }
      directory = String(directory[..<slash])
    }
    return directory + "/Reference"
  }

  /// The C + ncurses reference, compiled from `Reference/ncurses-reference.c` into `path`.
  static func reference(at path: String) -> ProbeProgram {
    ProbeProgram(label: "C + ncurses", path: path, leadingArguments: [])
  }

  /// Compiles the C + ncurses reference with the system compiler into a fresh temporary
  /// directory; returns its path, or why it could not be built.
  static func buildReference() -> Result<String, ReferenceBuildError> {
    let source = referenceDirectory + "/ncurses-reference.c"
    guard access(source, R_OK) == 0 else { return .failure(.init(reason: "\(source) is missing")) }
    let compilers = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"]
    let compiler = compilers.first { (path: String) in access(path, X_OK) == 0 }
    guard let compiler else { return .failure(.init(reason: "no C compiler in /usr/bin")) }
    let output = "/tmp/screenkit-bench-\(getpid())-ncurses-reference"
    guard
      let child = try? ChildProcess(
        executable: compiler,
        arguments: ["-O2", "-std=gnu11", "-o", output, source, "-lncursesw"],
        output: .discarded, error: .discarded, environment: ["LANG": "C.UTF-8"])
    else { return .failure(.init(reason: "cannot start \(compiler)")) }
    guard child.end(by: Deadline(after: .seconds(60))) == .exited(0), access(output, X_OK) == 0
    else {
      return .failure(
        .init(reason: "\(compiler) failed on \(source) (is libncurses-dev installed?)"))
    }
    return .success(output)
  }
}

/// Why a reference program could not be built or found.
struct ReferenceBuildError: Error {
  /// A one-line reason.
  var reason: String
}
