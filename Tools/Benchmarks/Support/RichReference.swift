import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The Python reference: `Reference/rich-reference.py`, a rich status line, on the machine's
/// `python3` (the first on this process's `PATH`, as a user's shell would find it).
struct RichReference: Sendable {
  /// The program to run.
  var program: ProbeProgram
  /// The versions it runs with, such as `rich 15.0.0, Python 3.11.7`.
  var versions: String

  /// Finds `python3`, the interpreter it stands for, and rich in it; or says in one line what
  /// is missing.
  static func locate() -> Result<RichReference, ReferenceBuildError> {
    let script = ProbeProgram.referenceDirectory + "/rich-reference.py"
    guard access(script, R_OK) == 0 else { return .failure(.init(reason: "\(script) is missing")) }
    let path = variable("PATH") ?? "/usr/bin:/bin"
    let candidate = path.split(separator: ":").map { String($0) + "/python3" }.first {
      access($0, X_OK) == 0
    }
    guard let candidate else {
      return .failure(.init(reason: "python3 is not on PATH (install python3, then rich)"))
    }
    // NB: `python3` may be a launcher (a pyenv shim is a shell script that needs PATH and
    // HOME): the runs start the interpreter it chooses, so that what is measured is Python's
    // start-up and not the launcher's.
    var lookup = ["PATH": path]
    for name in ["HOME", "PYENV_VERSION"] { lookup[name] = variable(name) }
    let lookupRun = run(
      candidate, ["-c", "import sys; print(sys.executable)"], environment: lookup)
    guard lookupRun.succeeded, let interpreter = lookupRun.output.first, interpreter.hasPrefix("/")
    else {
      return .failure(.init(reason: "\(candidate) did not say which interpreter it runs"))
    }
    // NB: the check runs the script itself, in the environment of the runs; the script says
    // on one line when rich is missing.
    let check = run(interpreter, [script, "--check"], environment: [:])
    guard check.succeeded, let versions = check.output.first else {
      let reason = check.error.last ?? "\(interpreter) \(script) --check failed"
      return .failure(.init(reason: reason))
    }
    let program = ProbeProgram(label: "Python rich", path: interpreter, leadingArguments: [script])
    return .success(RichReference(program: program, versions: versions))
  }

  /// Runs `executable` to its end (30 seconds at most): whether it exited with 0, and the
  /// non-empty lines of its output and of its error output.
  private static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]
  ) -> (succeeded: Bool, output: [String], error: [String]) {
    guard
      let child = try? ChildProcess(
        executable: executable, arguments: arguments, output: .captured, error: .captured,
        environment: environment.merging(["LANG": "C.UTF-8"]) { old, _ in old })
    else { return (false, [], ["cannot start \(executable)"]) }
    let succeeded = child.end(by: Deadline(after: .seconds(30))) == .exited(0)
    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }
    return (succeeded, lines(child.standardOutput()), lines(child.standardError()))
  }

  private static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
