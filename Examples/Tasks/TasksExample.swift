import ScreenKitPrompts

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `swift run TasksExample [--tasks N] [--fail K] [--steps N] [--step-ms N] [--jitter-ms N] [--logs N]`:
/// installs N packages at once, each a child task reporting its progress to its row.
///
/// Each package takes `steps` steps of `step-ms` milliseconds and a share of `jitter-ms` of
/// its own (90 by default; 0: every package reports at exactly 1000 / `step-ms` Hz, as the
/// task-group benchmark runs it), logs a line half way
/// (and `logs` lines in all, spread over its steps) and finishes into one line, `✔ package-3 1.2s`; package K fails. More packages than the 8 rows
/// fold into `and N more`. The status is 0 when all were installed, 1 when one failed; piped
/// (or `TERM=dumb`, `CI`), the same lines are printed, plain, as the packages finish.
@main
enum TasksExample {
  struct InstallFailed: Error, CustomStringConvertible {
    var description: String { "checksum mismatch" }
  }

  static func main() async {
    let count = option("--tasks", default: 50)
    let failing = option("--fail", default: 0)
    let steps = max(1, option("--steps", default: 10))
    let stepTime = option("--step-ms", default: 100)
    let jitter = max(0, option("--jitter-ms", default: 90))
    let logs = min(steps, max(1, option("--logs", default: 1)))
    do {
      let result = try await Prompts().tasks("Installing", maximumRows: 8) { group in
        group.log("Installing \(count) packages")
        for index in 1...max(1, count) {
          group.addTask("package-\(index)") { task in
            for step in 1...steps {
              // NB: packages take different times, so they finish out of order.
              try await Task.sleep(
                for: .milliseconds(stepTime + (jitter > 0 ? (index * 37) % jitter : 0)))
              task.progress(Double(step) / Double(steps), "step \(step) of \(steps)")
              if step == (steps + 1) / 2 {
                task.log("package-\(index): half way")
              } else if logs > 1, step % (steps / logs) == 0, step / (steps / logs) < logs {
                task.log("package-\(index): step \(step)")
              }
            }
            if index == failing { throw InstallFailed() }
          }
        }
      }
      if result.succeeded {
        print("Installed \(result.outcomes.count) packages.")
      } else {
        print("Failed: \(result.failures.map(\.label).joined(separator: ", ")).")
      }
      exit(result.succeeded ? 0 : 1)
    } catch {
      var message = "TasksExample: \(error)\n"
      _ = message.withUTF8 { write(2, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  /// The number after `name` on the command line, or `fallback`.
  static func option(_ name: String, default fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
      let value = Int(arguments[index + 1])
    else { return fallback }
    return value
  }
}
