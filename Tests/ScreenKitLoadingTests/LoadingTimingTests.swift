import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// The timers of a load in both variants, on the virtual clock: the show delay, the minimum
/// time the spinner stays, the timeout and the retry backoff each keep their own timer, so
/// settling one never cancels another; results held while the spinner stays are never lost.
@MainActor
@Suite struct LoadingTimingTests {
  nonisolated static let size = Size(width: 40, height: 5)
  nonisolated static let all = LoadingVariant.allCases
  nonisolated static let everyForm: [(LoadingVariant, FakeLoader<String>.Form)] = LoadingVariant
    .allCases
    .flatMap { variant in FakeLoader<String>.Form.allCases.map { (variant, $0) } }

  private func mount(
    _ variant: LoadingVariant, _ loader: FakeLoader<String>, form: FakeLoader<String>.Form,
    options: LoadOptions = LoadOptions()
  ) -> (ScreenHarness, LoadingSubject) {
    let subject = variant.make(loader.source(form), options: options)
    return (ScreenHarness(root: subject.screen, size: Self.size), subject)
  }

  /// The spinner shows at 150 ms and stays until 550 ms; values arriving meanwhile are held,
  /// and the latest is shown when the spinner goes.
  @Test(arguments: all)
  func theLatestStreamValueHeldWhileTheSpinnerStaysIsShown(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader, form: .stream)
    await harness.advance(by: .milliseconds(200))
    loader.resolve("v1")
    await harness.advance(by: .milliseconds(100))
    loader.resolve("v2")
    await harness.advance(by: .milliseconds(100))
    #expect(harness.contains("Loading…"))
    await harness.advance(by: .milliseconds(150))
    expectScreen(harness, ["content: v2"])
    #expect(subject.state() == .loaded("v2"))
    await harness.advance(by: .seconds(1))
    expectScreen(harness, ["content: v2"])
    await harness.finish()
  }

  @Test(arguments: all)
  func aStreamThatEndsWhileItsValueIsHeldShowsTheValue(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(variant, loader, form: .stream)
    await harness.advance(by: .milliseconds(200))
    loader.resolve("only")
    loader.end()
    await harness.advance(by: .milliseconds(400))
    expectScreen(harness, ["content: only"])
    #expect(subject.state() == .loaded("only"))
    await harness.finish()
  }

  /// The timeout covers the load, not the spinner's presentation: a load that answered at
  /// 200 ms of a 300 ms timeout is shown at 550 ms, when the spinner may go.
  @Test(arguments: everyForm)
  func aTimeoutShorterThanTheSpinnersMinimumTimeDoesNotFailALoadThatAnswered(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(
      variant, loader, form: form, options: LoadOptions(timeout: .milliseconds(300)))
    await harness.advance(by: .milliseconds(200))
    loader.resolve("in time")
    await harness.advance(by: .milliseconds(200))
    #expect(subject.state().error == nil)
    #expect(harness.contains("Loading…"))
    await harness.advance(by: .milliseconds(150))
    expectScreen(harness, ["content: in time"])
    #expect(subject.state() == .loaded("in time"))
    #expect(loader.cancellationCount == 0)
    await harness.finish()
  }

  /// A stream's timeout ends with its first value: later values may take as long as they like.
  @Test(arguments: all)
  func aStreamsTimeoutEndsWithItsFirstValue(variant: LoadingVariant) async {
    let loader = FakeLoader<String>()
    let (harness, subject) = mount(
      variant, loader, form: .stream, options: LoadOptions(timeout: .seconds(1)))
    await harness.advance(by: .milliseconds(500))
    loader.resolve("v1")
    await harness.advance(by: .seconds(5))
    #expect(subject.state() == .loaded("v1"))
    loader.resolve("v2")
    await harness.settle()
    expectScreen(harness, ["content: v2"])
    await harness.finish()
  }

  /// A failure held while the spinner stays, then retried: the retry's backoff timer is not
  /// cancelled by anything the held failure settles, and the spinner stays up meanwhile.
  @Test(arguments: everyForm)
  func aRetryAfterAHeldFailureRunsAndTheSpinnerStaysUp(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    let loader = FakeLoader<String>()
    let options = LoadOptions(
      timeout: .seconds(10), retry: RetryPolicy(retries: 1, initialBackoff: .seconds(1)))
    let (harness, subject) = mount(variant, loader, form: form, options: options)
    await harness.advance(by: .milliseconds(200))
    loader.reject(SampleError())
    await harness.advance(by: .milliseconds(350))
    #expect(subject.state() == .loading)
    #expect(harness.contains("Loading…"))
    #expect(loader.callCount == 1)
    await harness.advance(by: .seconds(1))
    #expect(loader.callCount == 2)
    #expect(harness.contains("Loading…"))
    loader.resolve("second try")
    await harness.settle()
    expectScreen(harness, ["content: second try"])
    await harness.finish()
  }

  /// Far-future timeouts and backoffs, set once the clock has moved on, are accepted as
  /// "practically never": nothing traps, nothing fires early.
  @Test(arguments: everyForm)
  func farFutureTimeoutsAndBackoffsNeitherTrapNorFire(
    variant: LoadingVariant, form: FakeLoader<String>.Form
  ) async {
    for longest in [Duration.seconds(Int.max), Duration(attoseconds: .max)] {
      let loader = FakeLoader<String>()
      let options = LoadOptions(
        timeout: longest, retry: RetryPolicy(retries: 3, initialBackoff: longest))
      let subject = variant.make(loader.source(form), options: options)
      let holder = Holder()
      let harness = ScreenHarness(root: holder, size: Self.size)
      await harness.advance(by: .seconds(1))
      holder.addChild(subject.screen)
      await harness.advance(by: .seconds(10))
      #expect(subject.state() == .loading)
      loader.reject(SampleError())
      await harness.advance(by: .seconds(10))
      #expect(subject.state() == .loading, "waits for its retry")
      #expect(loader.callCount == 1)
      subject.cancel()
      await harness.finish()
    }
  }

  @Test func aBackoffThatWouldOverflowIsTheLongestDuration() {
    let policy = RetryPolicy(retries: 300, initialBackoff: .seconds(1), multiplier: 10)
    #expect(policy.backoff(beforeRetry: 3) == .seconds(100))
    #expect(policy.backoff(beforeRetry: 300) == Duration(attoseconds: .max))
    #expect(policy.backoff(beforeRetry: Int.max) == Duration(attoseconds: .max))
  }
}
