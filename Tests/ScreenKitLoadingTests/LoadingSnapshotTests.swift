import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Each state of a load as both variants draw it, text and styles: one golden file per state,
/// which the container and the protocol variant are both checked against, so a variant that
/// draws a state differently fails here.
@MainActor
@Suite struct LoadingSnapshotTests {
  nonisolated static let all = LoadingVariant.allCases
  static let size = Size(width: 30, height: 5)

  private func mount(_ variant: LoadingVariant, _ loader: FakeLoader<String>) -> ScreenHarness {
    ScreenHarness(root: variant.make(loader.source(.async)).screen, size: Self.size)
  }

  @Test(arguments: all)
  func spinner(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let harness = mount(variant, loader)
    // 230 ms: the spinner shows from 150 ms, and this is its second frame.
    await harness.advance(by: .milliseconds(230))
    expectSnapshot(harness, named: "spinner")
    loader.resolve("v1")
    await harness.advance(by: .seconds(1))
    await harness.finish()
  }

  @Test(arguments: all)
  func errorWithRetry(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let harness = mount(variant, loader)
    loader.reject(SampleError())
    await harness.settle()
    expectSnapshot(harness, named: "error")
    await harness.finish()
  }

  @Test(arguments: all)
  func loaded(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let harness = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    expectSnapshot(harness, named: "loaded")
    await harness.finish()
  }

  @Test(arguments: all)
  func refreshingWithTheBadge(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let harness = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    harness.press("r")
    expectSnapshot(harness, named: "refreshing")
    loader.reject(SampleError())
    await harness.settle()
    expectSnapshot(harness, named: "refresh-failed")
    await harness.finish()
  }
}
