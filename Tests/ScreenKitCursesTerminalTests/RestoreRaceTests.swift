import TerminalProcess
import Testing

/// The restore a handler writes out is one prepared restore, whole.
///
/// A handler may write it out on any thread while the session prepares it again on its own (an
/// inline region whose height changed): never nothing, never the start of one with the length
/// of another.
@Suite struct RestoreRaceTests {
  @Test func aRestoreWrittenWhileTheSessionPreparesAnotherComesOutWhole() throws {
    let child = try ChildProcess(
      executable: ChildProcess.productsDirectory + "/ScreenKitCursesTestHost",
      arguments: ["restore-race"])
    #expect(child.waitForEnd() == .exited(0))
    let first = "<" + String(repeating: "a", count: 400) + ">"
    let second = "<" + String(repeating: "b", count: 900) + ">"
    var output = Substring(child.standardOutput())
    var whole = (first: 0, second: 0)
    while !output.isEmpty {
      if output.hasPrefix(first) {
        whole.first += 1
        output = output.dropFirst(first.count)
      } else if output.hasPrefix(second) {
        whole.second += 1
        output = output.dropFirst(second.count)
      } else {
        break
      }
    }
    let torn = String(output.prefix(60))
    #expect(torn.isEmpty, "a torn restore")
    #expect(whole.first + whole.second == 5_000, "restores written: \(whole)")
  }
}
