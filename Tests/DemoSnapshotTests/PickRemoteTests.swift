import ScreenKit
import ScreenKitMatching
import ScreenKitSimulation
import ScreenKitTesting
import Testing

@testable import DemoKit

/// `Demo pick --remote`'s Enter: whenever it comes, the line chosen is one the query typed
/// matches, never a row of an older answer still shown.
///
/// On the virtual clock, a search server answers in 300 ms, and the list follows the query
/// after a 150 ms debounce.
@MainActor
@Suite struct PickRemoteTests {
  static let latency = Duration.milliseconds(300)
  static let lines = ["apple", "banana", "cherry", "date"]

  /// A remote picker over ``lines`` whose first answer (for the empty query) is shown, and
  /// what it ended with so far.
  @MainActor
  private final class Session {
    let picker: PickScreen
    let harness: ScreenHarness
    private let time: ScreenHarness
    var outcome: PickOutcome?

    init() async {
      // NB: the server sleeps on the harness's clock, and the picker needs the server: a first
      // harness holds the time both share.
      time = ScreenHarness(root: Screen(), size: Size(width: 1, height: 1))
      let server = PickServer(
        latency: PickRemoteTests.latency, workers: 1, clock: ScreenClock(time.clock))
      picker = PickScreen(server: server, workers: 1)
      var splitter = LineSplitter()
      splitter.append(Array(PickRemoteTests.lines.joined(separator: "\n").utf8) + [0x0A])
      var candidates = Candidates()
      if let chunk = splitter.finish() { candidates.append(chunk) }
      candidates.isComplete = true
      picker.receive(candidates)
      harness = ScreenHarness(
        root: picker, size: Size(width: 40, height: 8), sharingTimeWith: time)
      picker.onFinish = { [unowned self] in self.outcome = $0 }
      // NB: the first answer waits out the spinner's minimum time too.
      await harness.advance(by: .seconds(1))
      #expect(harness.contains("▌ apple"), "\(harness.screenText)")
    }

    func finish() async {
      await harness.finish()
      await time.finish()
    }
  }

  @Test func enterAtOnceAfterTypingChoosesALineOfTheQueryTyped() async {
    let session = await Session()
    session.harness.type("che")
    // Within the debounce: the rows shown are the empty query's, apple first.
    session.harness.press(.enter)
    await session.harness.settle()
    #expect(session.outcome == nil)
    // The spinner turns on the count line, which says the rows are not the query's.
    let counts = session.harness.lines[1]
    #expect(!counts.hasPrefix(" ") && counts.contains("4/4 …"), "\(counts)")
    await session.harness.advance(by: Self.latency)
    #expect(session.outcome == .chosen(ArraySlice("cherry".utf8)))
    await session.finish()
  }

  @Test func enterWhileTheAnswerIsOnItsWayWaitsForIt() async {
    let session = await Session()
    session.harness.type("che")
    // The debounce is over, the request for "che" is under way: apple is still shown.
    await session.harness.advance(by: .milliseconds(200))
    #expect(session.harness.contains("▌ apple"))
    session.harness.press(.enter)
    await session.harness.advance(by: .milliseconds(249))
    #expect(session.outcome == nil)
    await session.harness.advance(by: .milliseconds(1))
    #expect(session.outcome == .chosen(ArraySlice("cherry".utf8)))
    await session.finish()
  }

  @Test func enterWithAQueryNothingMatchesChoosesNothing() async {
    let session = await Session()
    session.harness.type("zzz")
    session.harness.press(.enter)
    await session.harness.advance(by: .seconds(1))
    #expect(session.outcome == .noMatch)
    await session.finish()
  }

  @Test func enterOnTheAnswerShownChoosesAtOnce() async {
    let session = await Session()
    session.harness.type("che")
    await session.harness.advance(by: .milliseconds(450))
    #expect(session.harness.contains("▌ cherry"))
    session.harness.press(.enter)
    // No time passes: the answer shown is the query's.
    await session.harness.settle()
    #expect(session.outcome == .chosen(ArraySlice("cherry".utf8)))
    await session.finish()
  }

  @Test func typingAfterEnterIsWaitedForToo() async {
    let session = await Session()
    session.harness.type("a")
    session.harness.press(.enter)
    await session.harness.advance(by: .milliseconds(100))
    // "a" matches all but cherry; "at" matches only date.
    session.harness.type("t")
    await session.harness.advance(by: .seconds(1))
    #expect(session.outcome == .chosen(ArraySlice("date".utf8)))
    await session.finish()
  }

  @Test func escapeWhileEnterWaitsCancels() async {
    let session = await Session()
    session.harness.type("che")
    session.harness.press(.enter)
    await session.harness.advance(by: .milliseconds(100))
    session.harness.press(.escape)
    await session.harness.advance(by: .seconds(1))
    #expect(session.outcome == .cancelled)
    await session.finish()
  }
}
