import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// The shared frame ticker numbers frames from the clock, one tick per frame, however long the
/// program has run and however late a tick comes.
@MainActor
@Suite struct FrameTickerTests {
  private static let interval = Duration.milliseconds(80)

  /// A stage on a virtual clock, its ticker, and the frames each tick reported.
  @MainActor
  private final class Rig {
    let clock = VirtualClock()
    let scheduler: Scheduler
    let stage: Stage
    let ticker: FrameTicker
    var ticks: [Int] = []

    init() {
      scheduler = Scheduler(clock: ScreenClock(clock))
      stage = Stage(
        root: ProbeScreen("Root"), size: Size(width: 10, height: 2), scheduler: scheduler)
      ticker = stage.ticker(interval: FrameTickerTests.interval)
      ticker.subscribe(self) { [unowned self] frame in
        self.ticks.append(frame)
        // NB: a ticker that ticks again and again at one instant would never let the test end;
        // leaving it stops the timer, and the frames seen tell what went wrong.
        if self.ticks.count > 1_000 { self.ticker.unsubscribe(self) }
      }
    }

    /// Sets the clock to the start of frame `frame`, plus `fraction` of an interval, and runs
    /// what is due; exact, as a multiplication by a `Double` would not be.
    func move(toFrame frame: Int, plus fraction: Int = 0, of parts: Int = 1) {
      let interval = FrameTickerTests.interval
      let offset = interval * frame + (interval / parts) * fraction
      clock.advance(to: VirtualClock.Instant(offset: offset))
      scheduler.runDue()
    }
  }

  @Test func eachFrameStartTicksOnceWithTheNextNumber() {
    let rig = Rig()
    for frame in 1...20 { rig.move(toFrame: frame) }
    #expect(rig.ticks == Array(1...20))
    #expect(rig.ticker.frame == 20)
  }

  @Test func aLateTickCountsTheFramesItMissedAndTheNextOneStartsOnTime() {
    let rig = Rig()
    rig.move(toFrame: 7, plus: 1, of: 2)
    #expect(rig.ticks == [7])
    rig.move(toFrame: 7, plus: 9, of: 10)
    #expect(rig.ticks == [7])
    rig.move(toFrame: 8)
    #expect(rig.ticks == [7, 8])
  }

  // NB: 59,033 frames of 80 ms in, the frame start divided by the interval as `Double`s gave
  // 59,032.999…: the tick counted the frame before, re-armed for the instant it ran at, and a
  // clock that stood still there (a virtual one) ran it again for ever.
  @Test func aTickAtAFrameStartHoursIntoTheRunCountsThatFrame() {
    let rig = Rig()
    rig.move(toFrame: 59_032, plus: 1, of: 2)
    #expect(rig.ticks == [59_032])
    for frame in 59_033...59_100 { rig.move(toFrame: frame) }
    #expect(rig.ticks == Array(59_032...59_100))
    #expect(rig.ticker.frame == 59_100)
  }
}
