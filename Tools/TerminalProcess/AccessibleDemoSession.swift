#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The demo in its accessible mode (`--accessible`) on a pseudo-terminal, driven through a
/// scripted session of keys: what the program writes after each key, as a screen reader
/// would read it.
///
/// The browser: a load that fails and its retry, moves, a collection opened and left, another
/// and an episode in it (its text read a line down) and back out, Tab, the load inspector opened, moved in and closed, "where am I"; then the picker
/// (`Demo pick`) on a few lines from a pipe: typing, moves, Enter. The end-to-end test checks
/// the output; the speech benchmark times what each key adds.
public enum AccessibleDemoSession {
  /// One key of the script.
  public struct Step: Sendable, CustomStringConvertible {
    /// The kind of key, as the benchmark groups them: move, open, back, tab, retry,
    /// inspector, where (Ctrl-L, "where am I"), type, choose.
    public var kind: String
    /// What it does, for messages.
    public var name: String
    /// The bytes typed.
    public var bytes: [UInt8]
    /// Text the output after the key must hold before the step is over; `nil` to wait only
    /// until the output is quiet.
    public var until: String?

    /// What it does.
    public var description: String { name }

    init(_ kind: String, _ name: String, _ key: String, until: String? = nil) {
      self.kind = kind
      self.name = name
      bytes = Array(key.utf8)
      self.until = until
    }
  }

  /// What one key added to the output.
  public struct Record: Sendable {
    /// The key.
    public var step: Step
    /// The bytes written after it, as text.
    public var text: String
  }

  /// What a session wrote: before the first key, after each key, and all of it as bytes.
  public struct Transcript: Sendable {
    /// The lines written before the first key.
    public var start: String
    /// What each key added.
    public var records: [Record]
    /// Every byte written, escape codes included.
    public var output: [UInt8]
  }

  static let down = "\u{1B}[B"
  static let up = "\u{1B}[A"
  static let escape = "\u{1B}"
  static let f12 = "\u{1B}[24~"

  /// The browser's keys: the first load fails twice (`--fail-first 2`).
  public static let browserSteps: [Step] = [
    Step("retry", "r: retry, fails again", "r", until: "Could not load"),
    Step("retry", "r: retry, loads", "r", until: "list"),
    Step("move", "↓", down), Step("move", "↓", down), Step("move", "↓", down),
    Step("move", "k", "k"), Step("move", "j", "j"),
    Step("open", "Enter: the row, a collection", "\r", until: "Loaded"),
    Step("back", "Esc: back", escape, until: "list"),
    Step("move", "Home", "\u{1B}[H"),
    Step("open", "Enter: a collection", "\r", until: "list"),
    Step("move", "↓ in the collection", down), Step("move", "↓ in the collection", down),
    Step("open", "Enter: an episode", "\r", until: "text"),
    Step("move", "↓ in the episode", down),
    Step("back", "Esc: back to the collection", escape, until: "list"),
    Step("back", "Esc: back to the series", escape, until: "list"),
    Step("tab", "Tab", "\t"),
    Step("inspector", "F12: the inspector", f12, until: "list"),
    Step("move", "↓ in the inspector", down), Step("move", "↑ in the inspector", up),
    Step("inspector", "F12: closed", f12, until: "list"),
    Step("move", "End", "\u{1B}[F"), Step("move", "↑", up),
    Step("where", "Ctrl-L: where am I", "\u{0C}", until: " of "),
  ]

  /// The picker's keys, over ``pickerLines``.
  public static let pickerSteps: [Step] = [
    Step("type", "s", "s"), Step("type", "w", "w"),
    Step("move", "↓", down), Step("move", "↓", down), Step("move", "↑", up),
    Step("choose", "Enter", "\r"),
  ]

  /// The lines the picker chooses from.
  public static let pickerLines = [
    "Swift Basics", "Swift Concurrency", "Swift Testing", "Swiftly Loading Views",
    "Networking", "Switching Screens",
  ]

  /// Runs the browser (`demo --accessible --fail-first 2 --latency 0.3`) through
  /// ``browserSteps`` and quits it with `q`.
  public static func browser(demo: String, size: WindowSize = WindowSize(width: 80, height: 24))
    throws(TerminalProcessError) -> Transcript
  {
    try run(
      executable: demo,
      arguments: ["--accessible", "--fail-first", "2", "--latency", "0.3", "--seed", "1"],
      firstUntil: "Could not load", steps: browserSteps, quit: "q", size: size)
  }

  /// Runs the picker on ``pickerLines`` from a pipe (`printf … | demo pick --accessible`)
  /// through ``pickerSteps``.
  public static func picker(demo: String, size: WindowSize = WindowSize(width: 80, height: 24))
    throws(TerminalProcessError) -> Transcript
  {
    let lines = pickerLines.joined(separator: "\\n")
    return try run(
      executable: "/bin/sh",
      arguments: ["-c", "printf '\(lines)\\n' | '\(demo)' pick --accessible"],
      firstUntil: "1 of", steps: pickerSteps, quit: nil, size: size)
  }

  /// The text of the demo's first frame at `size` once its list is loaded, as a reader that
  /// reads the whole screen meets it: the demo in a region as tall as the terminal, on a
  /// terminal that cannot draw one (`TERM=dumb`), which writes its last frame as plain text
  /// when `q` and Enter end it.
  public static func fullFrameText(
    demo: String, size: WindowSize = WindowSize(width: 80, height: 24)
  ) throws(TerminalProcessError) -> String {
    let terminal = try PseudoTerminal(size: size)
    let environment = [
      "TERM": "dumb", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
      "LINES": "\(size.height)", "COLUMNS": "\(size.width)",
    ]
    let job = try TerminalJob(
      executable: demo, arguments: ["--inline", "--height", "\(size.height)", "--latency", "0"],
      environment: environment, terminal: terminal, by: Deadline(after: .seconds(30)))
    defer { _ = job.end(by: Deadline(after: .seconds(5))) }
    // NB: the list loads at once (no latency); a moment later q and Enter end the demo.
    _ = settle(terminal, from: 0, until: nil)
    try terminal.write(Array("q\r".utf8), by: Deadline(after: .seconds(10)))
    _ = job.waitForEnding(by: Deadline(after: .seconds(10)))
    terminal.drain()
    return String(decoding: terminal.output, as: UTF8.self)
  }

  private static func run(
    executable: String, arguments: [String], firstUntil: String, steps: [Step], quit: String?,
    size: WindowSize
  ) throws(TerminalProcessError) -> Transcript {
    let terminal = try PseudoTerminal(size: size)
    let environment = [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
      "LINES": "\(size.height)", "COLUMNS": "\(size.width)",
    ]
    let job = try TerminalJob(
      executable: executable, arguments: arguments, environment: environment,
      terminal: terminal, by: Deadline(after: .seconds(30)))
    defer { _ = job.end(by: Deadline(after: .seconds(5))) }
    guard settle(terminal, from: 0, until: firstUntil) else {
      throw TerminalProcessError(
        "the accessible session wrote no \"\(firstUntil)\" at the start:\n"
          + String(decoding: terminal.output, as: UTF8.self))
    }
    let start = String(decoding: terminal.output, as: UTF8.self)
    var records: [Record] = []
    for step in steps {
      let mark = terminal.output.count
      try terminal.write(step.bytes, by: Deadline(after: .seconds(10)))
      guard settle(terminal, from: mark, until: step.until) else {
        throw TerminalProcessError(
          "after \(step.name), no \"\(step.until ?? "")\" in:\n"
            + String(decoding: terminal.output[mark...], as: UTF8.self))
      }
      records.append(
        Record(step: step, text: String(decoding: terminal.output[mark...], as: UTF8.self)))
    }
    if let quit {
      try terminal.write(Array(quit.utf8), by: Deadline(after: .seconds(10)))
    }
    _ = job.waitForEnding(by: Deadline(after: .seconds(10)))
    terminal.drain()
    return Transcript(start: start, records: records, output: terminal.output)
  }

  /// Waits until the output from `mark` holds `until` (when given) and then nothing more
  /// arrives for a moment; returns whether it did within the deadline.
  private static func settle(_ terminal: PseudoTerminal, from mark: Int, until: String?) -> Bool {
    let deadline = Deadline(after: .seconds(30))
    if let until {
      // NB: bytes, not characters: a line's "\r\n" is one Character, which holds no "\n".
      let wanted = Array(until.utf8)
      let found = terminal.wait(until: deadline) { output in
        guard output.count >= mark + wanted.count else { return false }
        return (mark...(output.count - wanted.count)).contains { start in
          output[start..<(start + wanted.count)].elementsEqual(wanted)
        }
      }
      guard found else { return false }
    }
    // NB: quiet for 300 ms: a key's lines come in one frame; a load's result in the next.
    var count = terminal.output.count
    while !deadline.hasPassed {
      terminal.wait(until: Deadline(after: .milliseconds(300))) { $0.count != count }
      if terminal.output.count == count { return true }
      count = terminal.output.count
    }
    return false
  }
}
