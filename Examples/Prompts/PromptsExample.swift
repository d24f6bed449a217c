import ArgumentParser
import ScreenKitPrompts

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `swift run PromptsExample [--answer ID=VALUE ...]`: a project generator's questions.
///
/// The license's choices load (300 ms), and the dependency is searched for as it is typed
/// (150 ms a query).
///
/// A command of swift-argument-parser, `@main` as any: its `run()` asks, with no `main` of its
/// own. Each answer stays as one line in the scrollback, the token's as `(hidden)`, and the
/// program's own output follows. Any prompt is answered without asking by `--answer ID=VALUE`
/// or the environment variable `PROMPTS_<ID>`; when nobody can be asked (piped, `TERM=dumb`,
/// `CI`), those with a default take it and the token, which has none, fails with exit status 1
/// unless `PROMPTS_TOKEN` is set.
///
/// `--options-file PATH` asks one question instead, a select over the lines of PATH (`-` for
/// standard input is not taken: the prompt reads its keys there), and prints the line chosen.
/// The lines stream in (`StreamingSelectPrompt`): the first are shown while the rest are read.
/// The select benchmark runs it beside `fzf` on the same lines.
///
/// `--table-rows N` shows a live table of N build records instead, loaded a page of 50 at a
/// time (100 ms a page) as the user scrolls: a million rows are there, the pages on screen
/// loaded; Enter prints the record chosen.
@main
struct PromptsExample: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "PromptsExample", abstract: "Asks what a new project should be.")

  @Option(name: .customLong("answer"), help: "An answer, as ID=VALUE (name, language, …).")
  var answers: [String] = []

  @Option(name: .customLong("options-file"), help: "Select one of this file's lines, print it.")
  var optionsFile: String?

  @Option(name: .customLong("table-rows"), help: "Show a paged table of this many records.")
  var tableRows: Int?

  /// One row of the paged table: a build, made from its number as a server would send it.
  struct Build: Sendable {
    var number: Int
    var name: String { "build-\(number)" }
    var seconds: Int { 20 + number * 7 % 300 }
    var status: String { number % 13 == 0 ? "failed" : "passed" }
  }

  func run() async throws {
    if let tableRows {
      guard tableRows >= 0 else { throw ValidationError("--table-rows takes a count, 0 or more") }
      let prompts = Prompts(variablePrefix: "PROMPTS")
      let build = try await prompts.table(
        "Builds", id: "build",
        columns: [
          TableColumn<Build>("#", alignment: .trailing) { "\($0.number)" },
          TableColumn<Build>("Name") { $0.name },
          TableColumn<Build>("Time", alignment: .trailing) { "\($0.seconds) s" },
          TableColumn<Build>("Status") { $0.status },
        ],
        count: tableRows,
        loadPage: { range in
          // NB: a server's page: its latency, then the records by number.
          try await Task.sleep(for: .milliseconds(100))
          return range.map { Build(number: $0 + 1) }
        })
      if let build { print("\(build.name): \(build.status) in \(build.seconds) s") }
      return
    }
    if let optionsFile {
      try Self.checkReadable(optionsFile)
      let prompts = Prompts(variablePrefix: "PROMPTS")
      // NB: the lines stream in: the first are shown while the rest are read.
      let line = try await prompts.ask(
        StreamingSelectPrompt("Line?", id: "line", title: { $0 }) {
          FileLines(path: optionsFile).map { Choice($0) }
        })
      print(line)
      return
    }
    var given: [String: String] = [:]
    for answer in answers {
      let parts = answer.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else { throw ValidationError("--answer takes ID=VALUE: \(answer)") }
      given[String(parts[0])] = String(parts[1])
    }
    let prompts = Prompts(variablePrefix: "PROMPTS", answers: given)
    let name = try await prompts.text(
      "Project name?", id: "name", default: "my-tool", placeholder: "lowercase, digits, -",
      validate: { name in
        name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }
          ? nil : "only lowercase letters, digits and -"
      })
    let language = try await prompts.select(
      "Language?", id: "language",
      choices: [
        Choice("Swift", name: "swift"), Choice("Rust", name: "rust"), Choice("Go", name: "go"),
        Choice("Kotlin", name: "kotlin", disabled: "no toolchain found"),
        Choice("Python", name: "python"), Choice("TypeScript", name: "typescript"),
        Choice("Zig", name: "zig"), Choice("Haskell", name: "haskell"),
      ],
      default: "Swift")
    let license = try await prompts.ask(
      LoadingSelectPrompt("License?", id: "license", default: "MIT") {
        // NB: as a slow registry would answer: the spinner shows meanwhile.
        try await Task.sleep(for: .milliseconds(300))
        return ["MIT", "Apache-2.0", "BSD-3-Clause", "GPL-3.0"].map { Choice($0) }
      })
    let dependency = try await prompts.ask(
      SearchSelectPrompt("Dependency?", id: "dependency", default: "swift-log") { query in
        try await Self.search(query)
      })
    let features = try await prompts.selectMany(
      "Features?", id: "features",
      choices: [
        Choice("Tests", name: "tests"), Choice("Continuous integration", name: "ci"),
        Choice("Documentation", name: "docs"), Choice("Docker image", name: "docker"),
      ],
      default: ["Tests"], maximum: 3)
    let token = try await prompts.secret("Registry token?", id: "token")
    let create = try await prompts.confirm("Create \(name)?", id: "create", default: true)
    guard create else {
      print("Nothing created.")
      return
    }
    print(
      "Creating \(name): \(language), \(license), \(dependency), \(features.isEmpty ? "no features" : features.joined(separator: ", "))."
    )
    _ = token
    print("The token is kept for the registry.")
  }

  /// Fails with a clear error when `path` cannot be read or has nothing in it.
  static func checkReadable(_ path: String) throws {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw ValidationError("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var byte: UInt8 = 0
    guard read(descriptor, &byte, 1) == 1 else { throw ValidationError("\(path) has no lines") }
  }

  /// The packages of a registry whose name holds `query`, as its server answers after 150 ms.
  static func search(_ query: String) async throws -> [Choice<String>] {
    try await Task.sleep(for: .milliseconds(150))
    let packages = [
      "swift-log", "swift-argument-parser", "swift-collections", "swift-nio", "swift-crypto",
      "swift-system", "swift-syntax", "swift-format",
    ]
    return packages.filter { query.isEmpty || $0.contains(query.lowercased()) }.map { Choice($0) }
  }
}
