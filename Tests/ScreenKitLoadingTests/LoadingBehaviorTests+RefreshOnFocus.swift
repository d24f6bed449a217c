import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A loaded value refreshing when the terminal regains focus, the same for both variants.
extension LoadingBehaviorTests {
  /// Mounts a screen with `refreshOnFocus` and loads "v1" into it at virtual time zero.
  private func loaded(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, refreshOnFocus: RefreshOnFocus
  ) async -> (ScreenHarness, LoadingSubject) {
    let subject = variant.make(
      loader.source(.async), options: LoadOptions(refreshOnFocus: refreshOnFocus))
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    await harness.settle()
    loader.resolve("v1")
    await harness.settle()
    #expect(subject.state() == .loaded("v1"))
    return (harness, subject)
  }

  /// Each policy, and whether it refreshes a value 10 s old and one 60 s old.
  nonisolated static let focusPolicies: [(LoadingVariant, RefreshOnFocus, Bool, Bool)] =
    LoadingVariant.allCases.flatMap { variant in
      [
        (variant, .never, false, false), (variant, .always, true, true),
        (variant, .ifOlderThan(.seconds(30)), false, true),
      ]
    }

  @Test(arguments: focusPolicies)
  func focusComingBackRefreshesAValueAsOldAsThePolicySays(
    variant: LoadingVariant, policy: RefreshOnFocus, refreshesFresh: Bool, refreshesOld: Bool
  ) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = await loaded(variant, loader, refreshOnFocus: policy)

    await harness.advance(by: .seconds(10))
    harness.setTerminalFocus(false)
    #expect(loader.callCount == 1, "losing focus refreshes nothing")
    harness.setTerminalFocus(true)
    #expect(loader.callCount == (refreshesFresh ? 2 : 1))
    if refreshesFresh {
      loader.resolve("v2")
      await harness.settle()
    }

    await harness.advance(by: .seconds(60))
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    let calls = 1 + (refreshesFresh ? 1 : 0) + (refreshesOld ? 1 : 0)
    #expect(loader.callCount == calls)
    if refreshesOld {
      // The value stays, under the badge, until the new one comes.
      #expect(subject.state().value != nil)
      #expect(subject.state().isInFlight)
      #expect(harness.lines[0].hasPrefix("content: v"))
      #expect(harness.contains("⟳ refreshing"))
      #expect(!harness.contains("Loading…"))
      loader.resolve("v3")
      await harness.settle()
      #expect(subject.state() == .loaded("v3"))
      expectScreen(harness, ["content: v3"])
    }
    await harness.finish()
  }

  @Test(arguments: all)
  func aFocusReportThatRepeatsTheFocusRefreshesNothing(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = await loaded(variant, loader, refreshOnFocus: .always)
    // Terminals report focus when reporting is switched on, and again after a stop.
    harness.setTerminalFocus(true)
    harness.setTerminalFocus(true)
    #expect(loader.callCount == 1)
    #expect(harness.stage.terminalHasFocus)
    await harness.finish()
  }

  @Test(arguments: all)
  func focusComingBackJoinsALoadInFlight(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = await loaded(variant, loader, refreshOnFocus: .always)
    harness.press("r")
    #expect(loader.callCount == 2)
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    #expect(loader.callCount == 2, "a refresh in flight is joined, not doubled")
    #expect(loader.cancellationCount == 0)
    loader.resolve("v2")
    await harness.settle()
    #expect(subject.state() == .loaded("v2"))
    await harness.finish()
  }

  @Test(arguments: all)
  func aFailedFocusRefreshKeepsTheValueWithTheRefreshError(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = await loaded(variant, loader, refreshOnFocus: .always)
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    loader.reject(SampleError())
    await harness.settle()
    #expect(subject.state() == .failed(SampleError(), lastValue: "v1"))
    #expect(harness.lines[0].hasPrefix("content: v1"))
    #expect(harness.contains("✖ refresh failed"))

    // The next time focus comes back tries again.
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    #expect(loader.callCount == 3)
    loader.resolve("v2")
    await harness.settle()
    expectScreen(harness, ["content: v2"])
    await harness.finish()
  }

  @Test(arguments: all)
  func aLoadThatFailedWithoutAValueWaitsForItsRetry(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.async), options: LoadOptions(refreshOnFocus: .always))
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    await harness.settle()
    loader.reject(SampleError())
    await harness.settle()
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    #expect(loader.callCount == 1)
    #expect(harness.contains("[r] Retry"))
    await harness.finish()
  }

  @Test(arguments: all)
  func focusComingBackUnderAnOverlayRefreshesNothing(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, _) = await loaded(variant, loader, refreshOnFocus: .always)
    let overlay = harness.root.presentOverlay(TextScreen(text: "Sure?"), title: "Confirm")
    await harness.settle()
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    #expect(loader.callCount == 1, "the covered screen is not where the user looks")
    overlay.dismiss()
    await harness.settle()
    #expect(loader.callCount == 1, "uncovering is no focus change")
    harness.setTerminalFocus(false)
    harness.setTerminalFocus(true)
    #expect(loader.callCount == 2)
    loader.resolve("v2")
    await harness.finish()
  }
}
