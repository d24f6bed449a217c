import ScreenKit
import ScreenKitLoading
import Testing

@testable import ScreenKitSSH

/// Many sessions given one `LoadCache`: one load for them all, and a change seen by each.
@MainActor
@Suite struct SharedLoadTests {
  /// Whether the session's frames written so far show `text` on its first line.
  func shows(_ text: String, _ driver: SessionDriver) -> Bool {
    driver.shownLines?.first?.hasPrefix(text) == true
  }

  @Test func aHundredSessionsOpeningOneKeyMakeOneLoadAndSeeOneChange() async {
    let loads = Counter()
    let gate = Gate()
    let cache = LoadCache<Int, String>(timeToLive: .seconds(300))
    let sessions = (0..<100).map { _ in RecordingTransport() }
    let drivers = sessions.map { transport in
      SessionDriver(
        transport: transport, limits: .standard,
        makeRoot: { _ in
          LoadingController(
            load: {
              loads.increment()
              await gate.wait()
              return "loaded"
            }, cache: cache.slot(for: 7), build: { ValueScreen($0) },
            update: { screen, value in screen.value = value })
        }, onEnd: {})
    }
    for driver in drivers { driver.post(.start(.shell())) }
    // Every session has opened the key while the load is in flight; then it answers.
    #expect(await eventually { drivers.allSatisfy { $0.session != nil } && cache.isLoading(7) })
    await gate.open()
    #expect(await eventually { drivers.allSatisfy { shows("Value loaded", $0) } })
    #expect(loads.value == 1)
    // A change made in one session shows in every session showing the key.
    guard let scheduler = drivers[0].session?.stage?.scheduler else {
      Issue.record("no stage")
      return
    }
    cache.mutate(7, on: scheduler, optimistic: { _ in "starred" }, perform: { "starred" })
    #expect(await eventually { drivers.allSatisfy { shows("Value starred", $0) } })
    for driver in drivers { driver.post(.end(.clientGone)) }
    #expect(await eventually { sessions.allSatisfy { $0.finished != nil } })
  }
}
