import ScreenKitPrompts

/// What `Demo setup` installs: the templates it offers, the features, and a package list made
/// up from the answers, the same for the same answers.
struct SetupPlan: Sendable {
  /// A template the setup offers, as its select loads it.
  struct Template: Sendable {
    var name: String
    var title: String
  }

  /// A package installed, as the table shows it.
  struct Package: Identifiable, Sendable {
    var id: Int
    var name: String
    var version: String
    var kilobytes: Int
    var stepTime: Duration
    var status = "installed"

    var sizeText: String { "\(kilobytes) kB" }
  }

  static let templates = [
    Template(name: "tool", title: "Command-line tool"),
    Template(name: "library", title: "Library"),
    Template(name: "server", title: "Server"),
    Template(name: "app", title: "Terminal app (full screen)"),
  ]

  static let features = ["logging", "metrics", "tests", "docs", "ci"]

  /// The steps of one install.
  static let steps = 10

  static let columns = [
    TableColumn<Package>("#", alignment: .trailing, width: .fit(minimum: 3)) { "\($0.id)" },
    TableColumn<Package>("Package", width: .fit(maximum: 24)) { $0.name },
    TableColumn<Package>("Version") { $0.version },
    TableColumn<Package>("Size", alignment: .trailing) { $0.sizeText },
    TableColumn<Package>("Status") { $0.status },
  ]

  let project: String
  let template: String
  let features: [String]
  let packages: [Package]
  /// What the slowest install takes; the others take from about half of it to all of it.
  let installTime: Duration

  init(
    project: String, template: String, features: [String], count: Int, installTime: Duration
  ) {
    self.project = project
    self.template = template
    self.features = features
    self.installTime = installTime
    let slowestStep = installTime / Self.steps
    let words = ["log", "nio", "collections", "argument-parser", "crypto", "async-algorithms"]
    packages = (1...count).map { index in
      let word = words[index % words.count]
      let kind = features.isEmpty ? template : features[index % features.count]
      return Package(
        id: index, name: "\(kind)-\(word)-\(index)", version: "1.\(index % 9).\(index % 4)",
        kilobytes: 40 + (index * 37) % 900,
        stepTime: slowestStep * (Double(100 + (index * 37) % 90) / 190))
    }
  }

  /// The answer line's title of a template's name.
  static func templateTitle(_ name: String) -> String {
    templates.first { $0.name == name }?.title ?? name
  }

  /// Why `name` is no project name, or `nil`.
  @Sendable static func problem(withName name: String) -> String? {
    if name.isEmpty { return "must not be empty" }
    let allowed = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "-" || $0 == "_"
    }
    return allowed ? nil : "letters, digits, - and _ only"
  }

  /// The packages installed, then, as an audit goes through them (one every 20 ms), each
  /// marked audited or with its advisory: the table's live rows.
  func audit(_ result: TaskGroupResult) -> AsyncStream<[Package]> {
    let failed = Set(result.failures.map(\.label))
    let installed = packages.map { package -> Package in
      var package = package
      if failed.contains(package.name) { package.status = "failed" }
      return package
    }
    return AsyncStream { continuation in
      let task = Task {
        var rows = installed
        continuation.yield(rows)
        for index in rows.indices {
          try? await Task.sleep(for: .milliseconds(20))
          if Task.isCancelled { break }
          guard rows[index].status == "installed" else { continue }
          rows[index].status = rows[index].id % 17 == 0 ? "1 advisory" : "audited"
          continuation.yield(rows)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
