import Locking
import ScreenKit

/// One run of a ``LoadSource`` for a key of a ``LoadCache``, shared by every screen loading that
/// key while it runs.
///
/// It starts the source once, stores each value in the cache and hands every answer and
/// progress report to each subscriber. A subscriber that leaves stops hearing from it; when the
/// last one leaves before the load answered, the load is abandoned (its task cancelled, its
/// cancel hook run), so cancelling one screen never cancels the load another still waits for.
///
/// Answers from other threads are posted to the scheduler of every stage that subscribed and
/// delivered by whichever runs first, so a shared load keeps reaching a stage whose loop still
/// runs after the stage that started it has gone.
@MainActor
final class SharedLoad<Value: Sendable> {
  /// What a screen sharing the load hears from it.
  struct Subscriber {
    let progress: @MainActor (LoadProgress) -> Void
    let answer: @MainActor (LoadAnswer<Value>) -> Void
  }

  /// Why a subscriber leaves.
  enum Departure {
    /// It no longer wants the answer: cancelled, or its screen left.
    case cancelled
    /// It gave up waiting (a timeout): the load seems hung, so it takes no new subscribers and
    /// a retry starts the source again; the others still subscribed go on waiting for it.
    case timedOut
  }

  /// Where the load is.
  private enum Phase {
    /// Running, and a screen loading the key may join it.
    case open
    /// Running for the subscribers it has, taking no new ones: the key was invalidated (its
    /// answer may predate the change), or a subscriber timed out waiting for it.
    case closed
    /// Over: it answered for the last time, failed, or every subscriber left.
    case finished
  }

  /// Leaves the load, saying why.
  typealias Leave = @MainActor (Departure) -> Void

  /// What a screen joining the load gets: how to leave it, an answer it takes at once (a
  /// callback's answer given before its `load` returned, or the newest value of a stream it
  /// joined), which it does not hear again, and the load's identity, which
  /// ``LoadCacheChange/stored(_:load:)`` names.
  typealias Joined = (leave: Leave, immediate: LoadAnswer<Value>?, load: ObjectIdentifier)

  private var subscribers: [Int: Subscriber] = [:]
  private var nextID = 0
  private let schedulers = Locked<[Scheduler]>([])
  /// How many answers were delivered; each is numbered, so one posted to several stages is
  /// delivered once.
  private var delivered = 0
  /// The newest value of a stream still delivering, which a screen joining it gets at once.
  private var latest: Value?
  private var run: LoadRun<Value>?
  private var phase = Phase.open
  /// Stores a value and returns the one to deliver: the cache's, which pending optimistic
  /// changes of the key may have changed.
  private let store: @MainActor (Value) -> Value
  /// Hears once that the load is over, with the failure that ended it, if one did.
  private let finish: @MainActor ((any Error)?) -> Void

  /// Creates a load that stores values with `store` and calls `finish` once it is over.
  init(
    store: @escaping @MainActor (Value) -> Value,
    finish: @escaping @MainActor ((any Error)?) -> Void
  ) {
    self.store = store
    self.finish = finish
  }

  /// Whether a screen loading the key may join it.
  var isJoinable: Bool { phase == .open }

  /// The number of subscribers waiting for it.
  var subscriberCount: Int { subscribers.count }

  /// Takes no new subscribers from now on.
  ///
  /// Its answer may predate a change of the key's value, so a screen loading the key starts a
  /// new load. Those already subscribed go on.
  func retire() {
    if phase == .open { phase = .closed }
  }

  /// Adds a subscriber; returns how to remove it (a closure that keeps the load) and, for a
  /// stream that already delivered, its newest value, which the subscriber takes at once.
  func subscribe(
    _ subscriber: Subscriber, on scheduler: Scheduler
  ) -> (leave: Leave, latest: LoadAnswer<Value>?) {
    nextID += 1
    let id = nextID
    subscribers[id] = subscriber
    schedulers.withLock { list in
      if !list.contains(where: { $0 === scheduler }) { list.append(scheduler) }
    }
    // NB: a subscriber holds the load: once a newer load of the key has taken its place in the
    // cache, its subscribers are all that keep it. A stream that already delivered goes on
    // delivering; the newest value is as fresh as a joiner can get, so it is not made to wait
    // for the next one.
    return (
      { departure in self.unsubscribe(id, departure) }, latest.map { .value($0, isFinal: false) }
    )
  }

  private func unsubscribe(_ id: Int, _ departure: Departure) {
    guard subscribers.removeValue(forKey: id) != nil else { return }
    if departure == .timedOut { retire() }
    guard subscribers.isEmpty, phase != .finished else { return }
    run?.cancel(answered: delivered > 0)
    end(failure: CancellationError())
  }

  /// Starts the source on `scheduler`; returns a callback's answer given before its `load`
  /// returned, which only the subscriber that started the load is waiting for.
  func start(_ source: LoadSource<Value>, on scheduler: Scheduler) -> LoadAnswer<Value>? {
    let schedulers = self.schedulers
    let run = source.run(
      on: scheduler,
      post: { work in
        for scheduler in schedulers.withLock({ $0 }) { scheduler.post(work) }
      },
      report: { [weak self] progress in self?.report(progress) },
      receive: { [weak self] answer, index in self?.deliver(answer, index: index) })
    self.run = run
    guard let immediate = run.immediate else { return nil }
    return take(immediate, index: 1)
  }

  private func report(_ progress: LoadProgress) {
    guard phase != .finished else { return }
    for subscriber in Array(subscribers.values) { subscriber.progress(progress) }
  }

  private func deliver(_ answer: LoadAnswer<Value>, index: Int) {
    guard let answer = take(answer, index: index) else { return }
    // NB: subscribers are copied first: reacting to an answer may start or leave loads.
    for id in subscribers.keys.sorted() {
      subscribers[id]?.answer(answer)
    }
  }

  /// Stores answer number `index` and ends the load with its last; returns the answer to
  /// deliver (its value as the cache keeps it), or `nil` for an answer already taken.
  private func take(_ answer: LoadAnswer<Value>, index: Int) -> LoadAnswer<Value>? {
    guard phase != .finished, index > delivered else { return nil }
    delivered = index
    switch answer {
    case .value(let value, let isFinal):
      let stored = store(value)
      if isFinal { end() } else { latest = stored }
      return .value(stored, isFinal: isFinal)
    case .end:
      end()
    case .failure(let error):
      end(failure: error)
    }
    return answer
  }

  private func end(failure: (any Error)? = nil) {
    guard phase != .finished else { return }
    phase = .finished
    run = nil
    finish(failure)
  }
}
