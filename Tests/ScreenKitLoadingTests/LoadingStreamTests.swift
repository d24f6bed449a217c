import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// Streams in both loading variants: each value updates the content, a refresh restarts the
/// stream and returns with its first value, a stream that ends without a value fails, a live
/// stream stops when its screen leaves, and every refresh call returns exactly once whatever
/// ends it.
@MainActor
@Suite struct LoadingStreamTests {
  nonisolated static let size = Size(width: 60, height: 5)
  nonisolated static let all = LoadingVariant.allCases

  /// What ends a refresh in ``everyRefreshCallReturnsExactlyOnce(variant:ending:)``.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case value, end, error, cancel, removal
    var testDescription: String { rawValue }
  }

  nonisolated static let endings: [(LoadingVariant, Ending)] = LoadingVariant.allCases.flatMap {
    variant in Ending.allCases.map { (variant, $0) }
  }

  private func mount(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>,
    options: LoadOptions = LoadOptions()
  ) -> (ScreenHarness, LoadingSubject, Holder) {
    let subject = variant.make(loader.source(.stream), options: options)
    let holder = Holder()
    holder.addChild(subject.screen)
    return (ScreenHarness(root: holder, size: Self.size), subject, holder)
  }

  @Test(arguments: all)
  func everyValueOfAStreamUpdatesTheContent(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject, _) = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    expectScreen(harness, ["content: v1"])
    loader.resolve("v2")
    await harness.settle()
    expectScreen(harness, ["content: v2"])
    #expect(subject.state() == .loaded("v2"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aStreamThatEndsWithoutAValueShowsAnError(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject, _) = mount(variant, loader)
    await harness.advance(by: .milliseconds(200))
    #expect(harness.contains("Loading…"))
    loader.end()
    await harness.advance(by: .milliseconds(400))
    #expect(subject.state().error is EmptyStreamError)
    #expect(harness.contains("✖ Could not load"))
    #expect(harness.contains("The stream ended without a value"))
    #expect(!harness.contains("Loading…"))
    harness.press("r")
    #expect(loader.callCount == 2)
    loader.resolve("again")
    await harness.advance(by: .seconds(1))
    expectScreen(harness, ["content: again"])
    await harness.finish()
  }

  @Test(arguments: all)
  func aStreamThatEndsAfterItsValuesKeepsShowingTheLast(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject, _) = mount(variant, loader)
    loader.resolve("v1")
    loader.resolve("v2")
    loader.end()
    await harness.settle()
    #expect(subject.state() == .loaded("v2"))
    expectScreen(harness, ["content: v2"])
    #expect(!harness.contains("refresh"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aRefreshRestartsTheStreamAndReturnsWithItsFirstValue(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject, _) = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    let refreshes = RefreshCalls(count: 2, on: subject.screen)
    await harness.settle()
    #expect(loader.callCount == 2, "the refresh subscribes again")
    #expect(loader.cancellationCount == 1, "the old subscription is cancelled")
    #expect(subject.state() == .refreshing("v1"))
    #expect(harness.contains("⟳ refreshing"))
    #expect(refreshes.returned == 0)
    loader.resolve("v2")
    await harness.settle()
    #expect(refreshes.returned == 2)
    #expect(subject.state() == .loaded("v2"))
    expectScreen(harness, ["content: v2"])
    loader.resolve("v3")
    await harness.settle()
    expectScreen(harness, ["content: v3"])
    await harness.finish()
  }

  @Test(arguments: all)
  func aRefreshWhoseStreamEndsWithoutAValueKeepsTheOldContent(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject, _) = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    let refreshes = RefreshCalls(count: 1, on: subject.screen)
    await harness.settle()
    loader.end()
    await harness.settle()
    #expect(refreshes.returned == 1)
    #expect(harness.contains("content: v1"))
    #expect(harness.contains("refresh failed: The stream ended without a value"))
    #expect(subject.state().value == "v1")
    await harness.finish()
  }

  /// Refreshes joined on a first load and on a refresh, ended every way a load can end: each
  /// call returns once (a second resume would trap) and none is left waiting.
  @Test(arguments: endings)
  func everyRefreshCallReturnsExactlyOnce(variant: LoadingVariant, ending: Ending) async {
    for hasValue in [false, true] {
      let loader = FakeLoader<String>()
      let (harness, subject, _) = mount(variant, loader)
      if hasValue {
        loader.resolve("v1")
        await harness.settle()
      }
      let refreshes = RefreshCalls(count: 3, on: subject.screen)
      await harness.settle()
      #expect(refreshes.returned == 0)
      switch ending {
      case .value: loader.resolve("v2")
      case .end: loader.end()
      case .error: loader.reject(SampleError())
      case .cancel: subject.cancel()
      case .removal: subject.screen.removeFromParent()
      }
      await harness.advance(by: .seconds(1))
      #expect(refreshes.returned == 3, "with a value first: \(hasValue)")
      // Whatever comes later resumes nothing a second time.
      loader.resolve("late")
      loader.end()
      await harness.settle()
      #expect(refreshes.returned == 3)
      await harness.finish()
    }
  }

  @Test(arguments: all)
  func aLiveStreamStopsWhenItsScreenIsRemoved(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject, _) = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    subject.screen.removeFromParent()
    await harness.settle()
    #expect(loader.cancellationCount == 1)
    #expect(loader.pendingCount == 0)
    #expect(subject.state() == .loaded("v1"))
    await harness.finish()
  }

  @Test(arguments: all)
  func cancellingALiveStreamKeepsItsValueAndRefreshStartsItAgain(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject, _) = mount(variant, loader)
    loader.resolve("v1")
    await harness.settle()
    subject.cancel()
    await harness.settle()
    #expect(loader.cancellationCount == 1)
    #expect(subject.state() == .loaded("v1"))
    harness.press("r")
    #expect(loader.callCount == 2)
    loader.resolve("v2")
    await harness.settle()
    expectScreen(harness, ["content: v2"])
    await harness.finish()
  }
}

/// Refresh calls made through the environment's ``RefreshAction``, counting those that
/// returned.
@MainActor
final class RefreshCalls {
  private(set) var returned = 0

  /// Starts `count` refreshes of `screen`'s loading (or the one it joins).
  init(count: Int, on screen: Screen) {
    guard let refresh = screen.environment.refresh else {
      Issue.record("no refresh action in the environment of \(screen.name)")
      return
    }
    for _ in 0..<count {
      Task {
        await refresh()
        self.returned += 1
      }
    }
  }
}
