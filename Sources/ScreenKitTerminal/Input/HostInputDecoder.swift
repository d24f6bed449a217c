/// An ``InputDecoder`` fed by a host, with the Escape delay run as a scheduler timer: when
/// input stops part-way through a sequence, the timer flushes the decoder at its deadline
/// and hands the events to `deliver`.
@MainActor
package final class InputFeed {
  private var decoder: InputDecoder
  private let scheduler: Scheduler
  private let deliver: @MainActor (InputEvent) -> Void
  private var flushTimer: Scheduler.Timer?

  /// Creates a feed; `deliver` receives the events a timed flush produces.
  package init(
    decoder: InputDecoder, scheduler: Scheduler,
    deliver: @escaping @MainActor (InputEvent) -> Void
  ) {
    self.decoder = decoder
    self.scheduler = scheduler
    self.deliver = deliver
  }

  /// Decodes the next bytes read and returns the events they complete.
  package func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    let events = decoder.decode(bytes, at: scheduler.clock.now)
    cancel()
    if let deadline = decoder.deadline {
      flushTimer = scheduler.schedule(at: deadline) { [weak self] in self?.flush() }
    }
    return events
  }

  /// When the pending flush runs, or `nil` when no sequence is cut short.
  package var deadline: Duration? { decoder.deadline }

  /// Ends what the decoder holds because the input was cut off (see
  /// ``InputDecoder/interrupt()``) and returns the events that makes.
  package func interrupt() -> [InputEvent] {
    cancel()
    return decoder.interrupt()
  }

  /// Resolves what the decoder holds as if its deadline had passed (see
  /// ``InputDecoder/flush()``) and returns the events that makes.
  package func flushNow() -> [InputEvent] {
    cancel()
    return decoder.flush()
  }

  /// Cancels the pending flush.
  package func cancel() {
    if let flushTimer { scheduler.cancel(flushTimer) }
    flushTimer = nil
  }

  private func flush() {
    flushTimer = nil
    for event in decoder.flush() { deliver(event) }
  }
}
