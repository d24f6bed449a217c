import FoundationEssentials
import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

private struct DiskFull: LocalizedError {
  var errorDescription: String? { "The disk is full" }
}

private struct Plain: Error {
  let code: Int
}

@MainActor
@Suite struct ErrorScreenTests {
  @Test func aLocalizedErrorShowsItsDescription() async {
    #expect(ErrorScreen.message(for: DiskFull()) == "The disk is full")
    let harness = ScreenHarness(
      root: ErrorScreen(error: DiskFull()) {}, size: Size(width: 30, height: 6))
    expectScreen(
      harness,
      [
        "       ✖ Could not load", "", "       The disk is full", "", "          [r] Retry",
        "",
      ])
    await harness.finish()
  }

  @Test func anyOtherErrorShowsWhatItPrints() {
    #expect(ErrorScreen.message(for: Plain(code: 7)) == "Plain(code: 7)")
  }

  @Test func longMessagesWrapInsideTheScreen() async {
    let error = LoadTimeoutError(timeout: .seconds(5))
    let harness = ScreenHarness(
      root: ErrorScreen(error: error) {}, size: Size(width: 12, height: 8))
    #expect(harness.contains("Timed out"))
    #expect(harness.contains("after 5.0"))
    await harness.finish()
  }

  @Test func escapeIsLeftToTheScreensAbove() async {
    let holder = ProbeScreen("Holder", handles: [.escape])
    let retries = Counter()
    holder.addChild(ErrorScreen(error: Plain(code: 1)) { retries.value += 1 })
    let harness = ScreenHarness(root: holder, size: Size(width: 30, height: 6))
    #expect(harness.press(.escape))
    #expect(holder.receivedKeys == [.escape])
    harness.press("r")
    harness.press(.enter)
    #expect(retries.value == 2)
    await harness.finish()
  }
}

@MainActor
private final class Counter {
  var value = 0
}
