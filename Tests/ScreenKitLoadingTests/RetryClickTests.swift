import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A click on `[r] Retry` retries, in both loading variants, and a click elsewhere does not.
@MainActor
@Suite struct RetryClickTests {
  @Test(arguments: LoadingVariant.allCases)
  func clickingRetryRetries(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.async))
    let harness = ScreenHarness(root: subject.screen, size: Size(width: 40, height: 9))
    loader.reject(SampleError())
    await harness.settle()
    let row = try! #require(harness.lines.firstIndex { $0.contains("[r] Retry") })
    let column = harness.lines[row].firstIndex(of: "[")!.utf16Offset(in: harness.lines[row])
    harness.click(x: column, y: row - 1)
    harness.click(x: 0, y: 0)
    #expect(loader.callCount == 1, "only the Retry row retries")
    harness.click(x: column + 1, y: row)
    #expect(loader.callCount == 2)
    #expect(subject.state() == .loading)
    loader.resolve("again")
    await harness.advance(by: .milliseconds(400))
    expectScreen(harness, ["content: again"])
    // Loaded, the content gets clicks: the loader takes none.
    harness.click(x: column + 1, y: row)
    #expect(loader.callCount == 2)
    await harness.finish()
  }
}
