import CNCurses
import Foundation
import ScreenKit
import TerminalProcess
import Testing

@testable import ScreenKitCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The escape sequences the same styles produce on terminals of every colour depth.
extension CursesSessionTests {
  /// Terminal descriptions the test compiles with `tic`, so it needs no terminfo package:
  /// xterm's direct-colour entry (as ncurses ships it) and a 16-colour xterm.
  private static let terminfoSource = #"""
    sk-direct|xterm with direct-color indexing,
    	RGB, colors#0x1000000, pairs#0x10000,
    	initc@, op=\E[39;49m,
    	setab=\E[%?%p1%{8}%<%t4%p1%d%e48\:2\:\:%p1%{65536}%/%d\:%p1%{256}%/%{255}%&%d\:%p1%{255}%&%d%;m,
    	setaf=\E[%?%p1%{8}%<%t3%p1%d%e38\:2\:\:%p1%{65536}%/%d\:%p1%{256}%/%{255}%&%d\:%p1%{255}%&%d%;m,
    	setb@, setf@, use=xterm-256color,
    sk-16color|xterm with 16 colors,
    	colors#16, pairs#256,
    	setab=\E[%?%p1%{8}%<%t%p1%{40}%+%e%p1%{92}%+%;%dm,
    	setaf=\E[%?%p1%{8}%<%t%p1%{30}%+%e%p1%{82}%+%;%dm,
    	use=xterm,
    """#

  /// A directory holding the compiled test terminal descriptions.
  private func compiledTerminfo() throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("screenkit-terminfo-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let source = directory + "/test.src"
    try Self.terminfoSource.write(toFile: source, atomically: true, encoding: .utf8)
    let tic = Process()
    tic.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    tic.arguments = ["tic", "-x", "-o", directory, source]
    try tic.run()
    tic.waitUntilExit()
    try #require(tic.terminationStatus == 0, "tic failed")
    return directory
  }

  /// The parameters of every SGR sequence (`ESC [ … m`) in `text`.
  private func sgrParameters(in text: Substring) -> [String] {
    var found: [String] = []
    var rest = text
    while let start = rest.range(of: "\u{1B}[") {
      let tail = rest[start.upperBound...]
      guard let end = tail.firstIndex(where: { !($0.isNumber || $0 == ";" || $0 == ":") }) else {
        break
      }
      if tail[end] == "m" { found.append(String(tail[..<end])) }
      rest = tail[end...]
    }
    return found
  }

  // NB: the test host draws the four styles in a process of its own, given TERMINFO and
  // NO_COLOR in its environment: setting them in this process would race every thread that
  // reads the environment (a getenv beside a setenv can crash).
  @Test(arguments: [
    ("sk-direct", "", ["38:2::255:0:0", "38:2::0:0:255", "38:2::128:128:128", "31"]),
    ("xterm-256color", "", ["38;5;196", "38;5;21", "38;5;244", "31"]),
    ("sk-16color", "", ["91", "34", "90", "31"]),
    ("xterm", "", ["31", "34", "37", "31"]),
    ("vt100", "", ["", "", "", ""]),
    ("xterm-256color", "1", ["", "", "", ""]),
  ])
  func sameStylesDrawTheRightColorsAtEveryDepth(
    terminal: String, noColor: String, expected: [String]
  ) throws {
    let terminfo = try compiledTerminfo()
    defer { try? FileManager.default.removeItem(atPath: terminfo) }
    var environment = ["TERMINFO": terminfo]
    if !noColor.isEmpty { environment["NO_COLOR"] = noColor }
    let (pty, child, _) = try TestHostLauncher.start(
      mode: "colors", environment: environment.merging(["TERM": terminal]) { $1 })
    defer { pty.close() }
    #expect(pty.eventuallyShows("ANSI"))
    pty.type("q")
    #expect(child.waitForEnd() == .exited(0))
    let words = ["RED", "BLUE", "GREY", "ANSI"]
    let output = pty.writtenText
    var start = output.startIndex
    for (word, color) in zip(words, expected) {
      let end = try #require(output.range(of: word, range: start..<output.endIndex))
      let parameters = sgrParameters(in: output[start..<end.lowerBound])
      let colorParameters = parameters.filter { parameter in
        parameter.split(separator: ";").contains { $0.hasPrefix("3") || $0.hasPrefix("9") }
          && parameter != "39;49" && parameter != "39"
      }
      if color.isEmpty {
        #expect(colorParameters.isEmpty, "\(terminal): \(word) drawn with \(parameters)")
      } else {
        #expect(colorParameters.contains(color), "\(terminal): \(word) drawn with \(parameters)")
      }
      start = end.upperBound
    }
  }
}
