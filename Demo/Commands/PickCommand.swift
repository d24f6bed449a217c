import ArgumentParser
import DemoKit
import ScreenKit
import ScreenKitCurses
import ScreenKitTerminal

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `Demo pick`: a fuzzy picker for the shell, as fzf is.
///
/// It reads lines from standard input, draws on the terminal (not on standard output), and
/// writes the line chosen to standard output, so it works in a pipeline:
/// `ls | Demo pick | xargs wc -l`.
struct PickCommand: DemoMode {
  static let configuration = CommandConfiguration(
    commandName: "pick",
    abstract:
      "Choose one line of standard input with a fuzzy filter; it is written to standard output.",
    discussion: """
      Type to filter; ↑↓ (Ctrl-P/Ctrl-N) move, Enter chooses, Esc cancels. The line chosen is \
      written as it was read. Exit status: 0 when a line was chosen and written, 1 when nothing \
      matched, 130 when cancelled, 2 on an error (standard input or output closed, or the line \
      could not be written).
      """)

  @Option(help: ArgumentHelp("The picker's height in rows, under the cursor.", valueName: "ROWS"))
  var height = 12

  @Flag(help: "Take the whole terminal instead of rows under the cursor.")
  var fullscreen = false

  @Flag(help: "Filter through a simulated search server, to show debounce and stale results.")
  var remote = false

  @Option(
    help: ArgumentHelp(
      "The simulated server's answer time with --remote, in milliseconds.", valueName: "MS"))
  var latency = 300

  @OptionGroup var display: DisplayOptions

  func validate() throws {
    guard (3...1000).contains(height) else {
      throw ValidationError("--height must be between 3 and 1000.")
    }
    guard (0...60_000).contains(latency) else {
      throw ValidationError("--latency must be between 0 and 60000 milliseconds.")
    }
    guard isatty(0) == 0 else {
      throw ValidationError(
        "pick reads the lines to choose from on standard input: pipe them in, as in `ls | Demo pick`."
      )
    }
  }

  /// Runs the picker on the controlling terminal and ends the process with its outcome.
  @MainActor
  func launch(startedAt: MonotonicTime) async throws {
    var settings = try display.settings()
    settings.presentation = fullscreen ? .fullScreen : .inline(height: height, exit: .clear)
    settings.trace.record(.start, at: startedAt)
    // NB: a reader of standard output that has gone (`| head -0`) makes the write of the line
    // fail with EPIPE, which is reported, rather than end the process unseen. Ignored before
    // the terminal session starts, which keeps a disposition the program chose.
    signal(SIGPIPE, SIG_IGN)
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard terminal >= 0 else {
      let line = "Demo: pick draws on the controlling terminal, and there is none: /dev/tty: "
      DescriptorOutput.writeAll(Array((line + String(cString: strerror(errno)) + "\n").utf8), to: 2)
      systemExit(2)
    }
    var options = settings.terminalOptions
    options.inputDescriptor = terminal
    options.outputDescriptor = terminal
    // NB: Ctrl-C is a key, as in fzf: the picker ends with 130 and the shell goes on with the
    // pipeline, where a death by SIGINT would stop the whole command line.
    options.keysSendSignals = false
    // NB: one task a processor to rank the lines; ScreenKit reads no system setting itself.
    let workers = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    let outcome = await PickProgram.run(
      remoteLatency: remote ? .milliseconds(latency) : nil, workers: workers, options: options,
      settings: settings)
    settings.trace.reportStop()
    switch outcome {
    case .chosen(let line):
      // NB: the terminal is restored by now, so the error is a line of the shell's own.
      do throws(PickOutputError) {
        try PickOutput.deliver(line, to: 1)
      } catch {
        DescriptorOutput.writeAll(Array("Demo: pick \(error)\n".utf8), to: 2)
        systemExit(2)
      }
      systemExit(0)
    case .noMatch:
      systemExit(1)
    case .cancelled:
      systemExit(130)
    }
  }
}
