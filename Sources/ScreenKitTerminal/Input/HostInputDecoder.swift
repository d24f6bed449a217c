public import ScreenKit

/// Decodes the bytes a program reads from its terminal for a `ScreenHost`: an
/// ``InputDecoder`` whose Escape delay runs on the host's clock.
///
/// ``decode(bytes:)`` returns the events the bytes complete, for the program to look at (a key
/// it keeps, a mouse report it moves into its pane) before it passes them to
/// `ScreenHost.handle(_:)`. Characters and sequences cut between reads are kept until the rest
/// comes; an Escape alone, or a sequence that never ends, goes to the host by itself at
/// ``escapeDeadline``, when the program's loop calls `ScreenHost.tick()`.
///
/// ```swift
/// let input = HostInputDecoder(host: host)
/// // in the program's loop:
/// for event in input.decode(bytes: bytesRead) { host.handle(event) }
/// host.tick()
/// ```
@MainActor
public final class HostInputDecoder {
  private var decoder: InputDecoder
  private weak var host: ScreenHost?
  private let scheduler: Scheduler
  private var flushTimer: Scheduler.Timer?

  /// Creates the input of `host`, decoded by `decoder`: a program that leaves the mouse to
  /// the terminal says so there (`InputDecoder(terminalReportsMouse: false)`), one that read
  /// its terminal's key sequences gives them.
  public init(host: ScreenHost, decoder: InputDecoder = InputDecoder()) {
    self.decoder = decoder
    self.host = host
    self.scheduler = host.stage.scheduler
  }

  /// Decodes the next bytes read and returns the events they complete.
  public func decode(bytes: some Sequence<UInt8>) -> [InputEvent] {
    let events = decoder.decode(bytes, at: scheduler.clock.now)
    cancel()
    if let deadline = decoder.deadline {
      flushTimer = scheduler.schedule(at: deadline) { [weak self] in self?.flushAtDeadline() }
    }
    return events
  }

  /// When an Escape or a sequence cut short by the last read becomes a key, unless more
  /// bytes come first; `ScreenHost.nextDeadline` counts it too.
  public var escapeDeadline: Duration? { decoder.deadline }

  /// Delivers to the host what the decoder holds of input that was cut off (the program was
  /// stopped, and the rest of a sequence or a paste went to the shell): a lone Escape, the
  /// pasted text so far (see ``InputDecoder/interrupt()``).
  public func interrupt() {
    cancel()
    deliver(decoder.interrupt())
  }

  /// Delivers to the host what the decoder holds of a sequence cut short as if the escape
  /// delay had passed (see ``InputDecoder/flush()``), for bytes a program held back for that
  /// delay already before it decoded them; a paste in progress goes on.
  package func flushNow() {
    cancel()
    deliver(decoder.flush())
  }

  /// Cancels the pending Escape delay: the program is done with this input.
  public func cancel() {
    if let flushTimer { scheduler.cancel(flushTimer) }
    flushTimer = nil
  }

  private func flushAtDeadline() {
    flushTimer = nil
    deliver(decoder.flush())
  }

  private func deliver(_ events: [InputEvent]) {
    guard let host else { return }
    for event in events { host.handle(event) }
  }
}
