import ScreenKitCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What prompts read of the world: the environment's variables, whether a terminal can ask,
/// and where the answer line goes when none can.
///
/// ``process`` is the process's own; a test gives fixed values instead.
public struct PromptEnvironment: Sendable {
  /// The value of an environment variable, `nil` when it is unset.
  public var value: @Sendable (String) -> String?
  /// Whether prompts are asked on the terminal; read as each prompt starts.
  public var interactivity: @MainActor @Sendable () -> Interactivity
  /// Writes an answer line when no terminal shows the prompt: plain text and a line feed.
  public var writeLine: @Sendable (String) -> Void

  /// An environment of the values given.
  public init(
    value: @escaping @Sendable (String) -> String?,
    interactivity: @escaping @MainActor @Sendable () -> Interactivity,
    writeLine: @escaping @Sendable (String) -> Void
  ) {
    self.value = value
    self.interactivity = interactivity
    self.writeLine = writeLine
  }

  /// The process's environment: `getenv`, standard input and output, `TERM` and `CI`; answer
  /// lines on standard output, in order with what the program prints.
  public static let process = PromptEnvironment(
    value: { name in getenv(name).map { String(cString: $0) } },
    interactivity: { detectInteractivity(value: { getenv($0).map { String(cString: $0) } }) },
    // NB: through Swift's `print`, so the line keeps its place among the program's own.
    writeLine: { line in print(line) })

  /// Whether the process can ask on its terminal, the first reason it cannot otherwise.
  ///
  /// In order: `CI` set (to anything but empty, `0` or `false`), standard input not a
  /// terminal, standard output not a terminal, `TERM` unset or `dumb`, a `TERM` that cannot
  /// go back up a line.
  @MainActor
  static func detectInteractivity(value: (String) -> String?) -> Interactivity {
    if let ci = value("CI"), !ci.isEmpty, ci != "0", ci.lowercased() != "false" {
      return .notInteractive(reason: "CI is set")
    }
    guard isatty(0) != 0 else { return .notInteractive(reason: "standard input is not a terminal") }
    guard isatty(1) != 0 else {
      return .notInteractive(reason: "standard output is not a terminal")
    }
    guard let type = value("TERM"), !type.isEmpty else {
      return .notInteractive(reason: "TERM is not set")
    }
    guard type != "dumb" else { return .notInteractive(reason: "TERM is dumb") }
    guard CursesApplication.canShowInlineRegion() else {
      return .notInteractive(reason: "TERM=\(type) cannot draw at the cursor")
    }
    return .interactive
  }
}
