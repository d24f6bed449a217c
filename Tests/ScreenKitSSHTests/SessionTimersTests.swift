import Testing

@testable import ScreenKitSSH

/// The process's session timers keep no more than they must: cancelled timers leave the queue
/// once they are most of it, and no task sleeps when nothing is left to wake for.
@MainActor
@Suite struct SessionTimersTests {
  @Test func cancelledTimersLeaveTheQueueOnceTheyAreMostOfIt() {
    let timers = SessionTimers()
    var ran = 0
    let ids = (0..<1_000).map { _ in timers.schedule(after: .seconds(3_600)) { ran += 1 }.id }
    #expect(timers.queuedCount == 1_000)
    for id in ids.dropFirst() { timers.cancel(id) }
    #expect(timers.pendingCount == 1)
    #expect(timers.queuedCount <= 64)
    timers.cancel(ids[0])
    #expect(timers.pendingCount == 0)
    #expect(timers.queuedCount == 0)
    #expect(ran == 0)
  }
}
