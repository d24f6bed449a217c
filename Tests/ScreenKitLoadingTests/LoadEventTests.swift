import ScreenKit
import ScreenKitLoading
import ScreenKitTesting
import Testing

/// The runner's owner hears one event for each step of a load, whatever the step changed.
@MainActor
@Suite struct LoadEventTests {
  private let loader = FakeLoader<String>()
  private let harness = ScreenHarness(root: Screen(), size: Size(width: 10, height: 2))
  private let runner: LoadRunner<String>
  private let events = EventLog()

  init() {
    runner = LoadRunner(source: loader.source(.async), options: LoadOptions())
    runner.onEvent = { [events] in events.entries.append($0) }
  }

  @Test func eachStepOfALoadIsOneEvent() async {
    runner.attach(to: harness.stage.scheduler, loadsWhenIdle: true)
    #expect(events.summaries == ["loading (state) spinner=false"])
    await harness.advance(by: .milliseconds(150))
    #expect(events.summaries.last == "loading spinner=true")
    loader.report(fraction: 0.5)
    await harness.settle()
    #expect(events.entries.last?.progress?.fraction == 0.5)
    await harness.advance(by: .milliseconds(400))
    loader.resolve("done")
    await harness.settle()
    #expect(
      events.summaries == [
        "loading (state) spinner=false", "loading spinner=true", "loading spinner=true",
        "loaded (state) value=done spinner=false",
      ])
    await harness.finish()
  }

  @Test func anAnswerHeldForTheSpinnersMinimumTimeArrivesAsOneEventWhenReleased() async {
    runner.attach(to: harness.stage.scheduler, loadsWhenIdle: true)
    await harness.advance(by: .milliseconds(200))
    loader.resolve("held")
    await harness.settle()
    #expect(events.entries.count == 2)
    await harness.advance(by: .milliseconds(350))
    #expect(events.entries.count == 3)
    #expect(events.summaries.last == "loaded (state) value=held spinner=false")
    await harness.finish()
  }

  @Test func anAnswerGivenBeforeTheLoadReturnedIsOneEventWithTheStart() async {
    loader.answerImmediately(with: .success("at once"))
    let runner = LoadRunner(
      source: loader.source(.callback), options: LoadOptions(showDelay: .zero))
    let events = EventLog()
    runner.onEvent = { [events] in events.entries.append($0) }
    runner.attach(to: harness.stage.scheduler, loadsWhenIdle: true)
    #expect(events.summaries == ["loaded (state) value=at once spinner=false"])
    await harness.finish()
  }

  @Test func aFailureRetriedAfterItsBackoffKeepsTheSpinnerAndSendsNoStateChange() async {
    let runner = LoadRunner(
      source: loader.source(.async),
      options: LoadOptions(
        showDelay: .zero, minimumVisible: .zero,
        retry: RetryPolicy(retries: 1, initialBackoff: .milliseconds(100))))
    let events = EventLog()
    runner.onEvent = { [events] in events.entries.append($0) }
    runner.attach(to: harness.stage.scheduler, loadsWhenIdle: true)
    await harness.settle()
    loader.reject(SampleError())
    await harness.settle()
    await harness.advance(by: .milliseconds(100))
    #expect(loader.callCount == 2)
    loader.resolve("second")
    await harness.settle()
    #expect(
      events.summaries == [
        "loading (state) spinner=true", "loaded (state) value=second spinner=false",
      ])
    await harness.finish()
  }
}

/// The events an owner heard, in order.
@MainActor
private final class EventLog {
  var entries: [LoadEvent<String>] = []

  /// Each event as "state (state) value=… spinner=…", `(state)` when the state changed.
  var summaries: [String] {
    entries.map { event in
      var parts = [event.state.description]
      if event.stateChanged { parts.append("(state)") }
      if let value = event.value { parts.append("value=\(value)") }
      parts.append("spinner=\(event.isSpinnerVisible)")
      return parts.joined(separator: " ")
    }
  }
}
