import Foundation

/// Where the built `Demo` executable is: `DEMO_BINARY` when set (for builds with another
/// scratch path), otherwise the package's `.build/debug/Demo`, which `.ci/run` builds before
/// it runs the tests.
enum DemoBinary {
  /// The package's root directory, found from this file's path.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // DemoEndToEndTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The executable's path.
  static var path: String {
    if let path = ProcessInfo.processInfo.environment["DEMO_BINARY"], !path.isEmpty {
      return path
    }
    return packageRoot.appendingPathComponent(".build/debug/Demo").path
  }

  /// The path, or an error telling how to get the binary.
  static func require() throws -> String {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw E2EError(
        "no Demo executable at \(path); run `swift build` first (or set DEMO_BINARY)")
    }
    return path
  }

  /// The path of another executable of the package, built beside the demo.
  static func sibling(named name: String) throws -> String {
    let sibling = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: sibling) else {
      throw E2EError("no \(name) executable at \(sibling); run `swift build` first")
    }
    return sibling
  }
}

/// A failure of the end-to-end machinery, with a message saying what to do.
struct E2EError: Error, CustomStringConvertible {
  /// What went wrong.
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
