import ArgumentParser
import DemoKit
import ScreenKitPrompts

/// `Demo setup`, a command-line tool's first run built with the prompts alone.
///
/// It asks a few questions (the templates load), installs the packages as a group of
/// concurrent tasks with a log line every 10 ms, then shows what was installed in a live table.
///
/// Every question has its answer without a terminal: its default, or the variable
/// `DEMO_SETUP_<ID>` (docs/demo.md), so `Demo setup < /dev/null | cat` prints plain lines and
/// exits 0.
struct SetupCommand: DemoMode {
  static let configuration = CommandConfiguration(
    commandName: "setup",
    abstract: "Set up a project: questions, a group of installs, a table of what was installed.",
    discussion: """
      Without a terminal every question takes its default or the variable DEMO_SETUP_<ID> \
      (NAME, TEMPLATE, FEATURES, INSTALL, PACKAGE).
      """)

  @Option(help: ArgumentHelp("How many packages to install.", valueName: "N"))
  var packages = 200

  @Option(help: ArgumentHelp("Milliseconds between two log lines.", valueName: "MS"))
  var logInterval = 10

  @Option(help: ArgumentHelp("Milliseconds the templates take to load.", valueName: "MS"))
  var latency = 400

  @Option(help: ArgumentHelp("Milliseconds the slowest package takes to install.", valueName: "MS"))
  var installTime = 1900

  /// Rejects values the setup cannot run with before the terminal is touched.
  func validate() throws {
    guard (1...10_000).contains(packages) else {
      throw ValidationError("--packages must be between 1 and 10000.")
    }
    guard (1...1_000).contains(logInterval) else {
      throw ValidationError("--log-interval must be between 1 and 1000.")
    }
    guard (0...60_000).contains(latency) else {
      throw ValidationError("--latency must be between 0 and 60000.")
    }
    guard (10...600_000).contains(installTime) else {
      throw ValidationError("--install-time must be between 10 and 600000.")
    }
  }

  /// Asks, installs, shows the table; a question not answered ends it with status 1.
  @MainActor
  func launch(startedAt: MonotonicTime) async throws {
    // NB: the prefix is the program's name whatever path ran it, so the variables are
    // documented once.
    let prompts = Prompts(variablePrefix: "DEMO")
    let name = try await prompts.text(
      "Project name?", id: "setup-name", default: "hello-screen", placeholder: "hello-screen",
      validate: SetupPlan.problem(withName:))
    let latency = Duration.milliseconds(latency)
    let template = try await prompts.ask(
      LoadingSelectPrompt<String>(
        "Template?", id: "setup-template", default: "tool", options: nil,
        title: { SetupPlan.templateTitle($0) }
      ) {
        try await Task.sleep(for: latency)
        return SetupPlan.templates.map { Choice($0.title, value: $0.name, name: $0.name) }
      })
    let features = try await prompts.selectMany(
      "Features?", id: "setup-features",
      choices: SetupPlan.features.map { Choice($0, name: $0) }, default: ["logging"])
    guard
      try await prompts.confirm("Install \(packages) packages?", id: "setup-install", default: true)
    else {
      print("Nothing installed.")
      return
    }
    let plan = SetupPlan(
      project: name, template: template, features: features, count: packages,
      installTime: .milliseconds(installTime))
    let result = try await install(plan, prompts: prompts)
    let chosen = try await prompts.table(
      "Installed", id: "setup-package", columns: SetupPlan.columns,
      rows: plan.audit(result), visibleRows: 8)
    if let chosen {
      print("\(chosen.name) \(chosen.version): \(chosen.sizeText), \(chosen.status)")
    }
    print("Set up \(name) (\(template)) with \(result.outcomes.count) packages.")
  }

  /// Installs every package of `plan` at once, a log line every `logInterval` ms meanwhile.
  @MainActor
  private func install(_ plan: SetupPlan, prompts: Prompts) async throws -> TaskGroupResult {
    let interval = Duration.milliseconds(logInterval)
    let packages = plan.packages
    return try await prompts.tasks("Installing", maximumRows: 8) { group in
      group.log("Installing \(packages.count) packages for \(plan.project)")
      for package in packages {
        group.addTask(package.name) { task in
          for step in 1...SetupPlan.steps {
            try await Task.sleep(for: package.stepTime)
            task.progress(Double(step) / Double(SetupPlan.steps), "step \(step)")
          }
        }
      }
      // NB: the body logs while the tasks run; its lines end with the slowest package.
      let lines = plan.installTime / interval
      for line in 1...max(1, Int(lines)) {
        try await Task.sleep(for: interval)
        group.log("fetched block \(line) of \(Int(lines))")
      }
    }
  }
}
