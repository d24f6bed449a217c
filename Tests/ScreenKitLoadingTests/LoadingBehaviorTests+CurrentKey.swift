import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// `valueForCurrentKey()`: what an action on a keyed load's value (Enter on a search result)
/// waits for, the value of the key as it is now, never the value shown for an older key; the
/// same for both variants.
extension LoadingBehaviorTests {
  /// A screen following a query whose value for `query` is shown.
  private func shown(_ variant: LoadingVariant, query: String = "P") async -> Keyed {
    let keyed = Keyed(variant, query: query)
    await keyed.harness.settle()
    await keyed.answer(query)
    #expect(keyed.subject.state() == .loaded(query))
    return keyed
  }

  @Test(arguments: all)
  func theValueOfTheKeyShownComesAtOnceWithoutALoad(variant: LoadingVariant) async {
    let keyed = await shown(variant)
    let request = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    #expect(request.value == "P")
    #expect(keyed.backend.loadedKeys == ["P"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aChangeWaitingOutItsDebounceLoadsAtOnceAndIsWaitedFor(variant: LoadingVariant) async {
    let keyed = await shown(variant)
    keyed.query.value = "Pa"
    // Asked for at once: no time passes, the debounce has 300 ms to go.
    let request = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    #expect(keyed.backend.loadedKeys == ["P", "Pa"])
    #expect(keyed.harness.stage.scheduler.pendingTimerCount == 0)
    // The value shown is the old key's: it is not the answer.
    #expect(keyed.subject.state() == .refreshing("P"))
    #expect(request.result == nil)
    await keyed.harness.advance(by: .seconds(1))
    #expect(request.result == nil)
    await keyed.answer("Pa")
    #expect(request.value == "Pa")
    expectScreen(keyed.harness, ["content: Pa"])
    #expect(keyed.backend.loadedKeys == ["P", "Pa"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aLoadOfTheKeyInFlightIsWaitedForNotStartedAgain(variant: LoadingVariant) async {
    let keyed = await shown(variant)
    await keyed.change(to: "Pa")
    #expect(keyed.backend.loadedKeys == ["P", "Pa"])
    let request = ValueRequest(keyed.subject)
    await keyed.harness.advance(by: .milliseconds(100))
    #expect(request.result == nil)
    await keyed.answer("Pa")
    #expect(request.value == "Pa")
    #expect(keyed.backend.loadedKeys == ["P", "Pa"])
    #expect(keyed.backend.cancellationCount == 0)
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aChangeWhileItWaitsIsWaitedForInTurn(variant: LoadingVariant) async {
    let keyed = await shown(variant)
    keyed.query.value = "Pa"
    let request = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    keyed.query.value = "Par"
    // The answer for "Pa" comes while "Par" waits out its debounce: it is no longer the key's.
    await keyed.answer("Pa")
    #expect(request.result == nil)
    await keyed.harness.advance(by: Self.debounce)
    #expect(keyed.backend.loadedKeys == ["P", "Pa", "Par"])
    #expect(request.result == nil)
    await keyed.answer("Par")
    #expect(request.value == "Par")
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func goingBackToTheKeyShownWhileItWaitsAnswersWithItsValue(variant: LoadingVariant) async {
    let keyed = await shown(variant)
    await keyed.change(to: "Pa")
    let request = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    keyed.query.value = "P"
    await keyed.harness.settle()
    #expect(request.value == "P")
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aFailedLoadOfTheKeyIsThrownNotAnsweredWithTheOldValue(variant: LoadingVariant) async {
    let keyed = await shown(variant)
    keyed.query.value = "Pa"
    let request = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    keyed.backend.loader("Pa").reject(SampleError())
    await keyed.harness.settle()
    #expect(request.error is SampleError)
    #expect(keyed.subject.state() == .failed(SampleError(), lastValue: "P"))

    // Asked again, it loads the key again.
    let again = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    #expect(keyed.backend.loadedKeys == ["P", "Pa", "Pa"])
    await keyed.answer("Pa")
    #expect(again.value == "Pa")
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func aCancelledLoadOrAScreenThatLeavesEndsTheWaitWithCancellation(variant: LoadingVariant) async {
    let keyed = await shown(variant)
    keyed.query.value = "Pa"
    let request = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    keyed.subject.cancel()
    await keyed.harness.settle()
    #expect(request.error is CancellationError)
    #expect(keyed.subject.state() == .loaded("P"))

    let again = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    #expect(keyed.backend.loadedKeys == ["P", "Pa", "Pa"])
    keyed.subject.screen.removeFromParent()
    await keyed.harness.settle()
    #expect(again.error is CancellationError)
    // Off screen, nothing loads: it says so at once.
    let away = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    #expect(away.error is CancellationError)
    #expect(keyed.backend.loadedKeys == ["P", "Pa", "Pa"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func cancellingTheTaskThatWaitsEndsItsWaitAndTheLoadGoesOn(variant: LoadingVariant) async {
    let keyed = await shown(variant)
    keyed.query.value = "Pa"
    let request = ValueRequest(keyed.subject)
    await keyed.harness.settle()
    request.cancel()
    await keyed.harness.settle()
    #expect(request.error is CancellationError)
    #expect(keyed.backend.cancellationCount == 0)
    await keyed.answer("Pa")
    expectScreen(keyed.harness, ["content: Pa"])
    await keyed.harness.finish()
  }

  @Test(arguments: all)
  func withoutAKeyItIsTheValueOnceLoaded(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let subject = variant.make(loader.source(.async))
    let harness = ScreenHarness(root: subject.screen, size: Self.size)
    let request = ValueRequest(subject)
    await harness.settle()
    #expect(request.result == nil)
    loader.resolve("x")
    await harness.settle()
    #expect(request.value == "x")
    #expect(loader.callCount == 1)
    await harness.finish()
  }
}
