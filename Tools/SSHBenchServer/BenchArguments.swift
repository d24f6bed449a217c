/// The benchmark server's command line; a bad one is an error of one line.
struct BenchArguments {
  var port = 0
  var authorizedKeys = ""
  var hostKey = ""
  var maximumSessions = 1100
  var threads = 1
  var intervalMilliseconds = 100

  struct Invalid: Error, CustomStringConvertible {
    let description: String
  }

  init(_ words: ArraySlice<String>) throws {
    var words = words
    while let name = words.popFirst() {
      guard let value = words.popFirst() else {
        throw Invalid(description: "\(name) needs a value")
      }
      switch name {
      case "--port": port = try Self.number(value, name, in: 0...65535)
      case "--authorized-keys": authorizedKeys = value
      case "--host-key": hostKey = value
      case "--max-sessions": maximumSessions = try Self.number(value, name, in: 1...100_000)
      case "--threads": threads = try Self.number(value, name, in: 1...64)
      case "--interval-ms": intervalMilliseconds = try Self.number(value, name, in: 1...10_000)
      default: throw Invalid(description: "unknown option \(name)")
      }
    }
    guard !authorizedKeys.isEmpty, !hostKey.isEmpty else {
      throw Invalid(description: "--authorized-keys and --host-key are required")
    }
  }

  private static func number(_ text: String, _ name: String, in range: ClosedRange<Int>) throws
    -> Int
  {
    guard let value = Int(text), range.contains(value) else {
      throw Invalid(description: "\(name) must be a number in \(range)")
    }
    return value
  }
}
