import Locking
import ScreenKit
import ScreenKitTerminal

/// One session's loop on the main actor: its `ScreenHost`, the frame writer, and what the
/// channel's event loop hands over (input, sizes, wakes, writes taken), in order.
///
/// The event loop never touches the host: it posts events into the inbox, which schedules one
/// pump on the main actor for however many arrive before it runs. A pump applies them, runs
/// the host's due work and, unless the client is still behind on earlier frames, draws one
/// frame. Frames held back are merged: the next frame is the difference from the last one
/// written, so a slow client costs at most ``SessionLimits/outputBytesInFlight`` and one frame
/// (docs/decisions/2026-11-28-ssh-back-pressure.md).
///
/// A client that sends `SCREENKIT_ACCESSIBLE=1` gets the accessible mode: no alternate screen
/// and no grid; after each frame, lines that say what changed of the focused screen, worded
/// by a `SemanticsAnnouncer`, and Ctrl-L says it whole again (docs/accessibility.md).
@MainActor
final class SessionDriver {
  enum Event: Sendable {
    case start(SessionRequest)
    case input([UInt8])
    case resize(width: Int, height: Int)
    case wake
    case end(EndReason)
  }

  enum EndReason: Sendable {
    /// The client went away: nothing can reach its terminal.
    case clientGone
    /// The server ends the session, telling the client why.
    case ended(exitStatus: Int, message: String?)
  }

  private struct Inbox {
    var events: [Event] = []
    var isPumpScheduled = false
    var inputBytes = 0
    var droppedInputBytes = 0
    /// Bytes sent and not yet taken by the connection: counted here, where the event loop
    /// takes them off as writes complete without a turn of the main actor.
    var bytesInFlight = 0
    /// Whether a frame was held back for ``bytesInFlight``: the write that brings it under
    /// the bound then wakes the session to draw it.
    var isFrameHeld = false
  }

  private nonisolated let inbox = Locked(Inbox())
  private nonisolated let transport: any SessionTransport
  nonisolated let limits: SessionLimits
  private let makeRoot: @MainActor @Sendable (SSHSession) -> Screen
  private let onEnd: @Sendable () -> Void

  private var host: ScreenHost?
  private var input: HostInputDecoder?
  private(set) var session: SSHSession?
  private var writer: TerminalFrameWriter?
  /// The accessible mode's words, in place of the writer's grid; `nil` outside the mode.
  private var announcer: SemanticsAnnouncer?
  /// Bytes sent and not yet taken by the connection.
  var bytesInFlight: Int { inbox.withLock { $0.bytesInFlight } }
  /// Frames held back while the client was behind, for the tests and the documentation.
  private(set) var framesHeld = 0
  private(set) var isEnded = false
  /// The lines the client's terminal shows once it took every frame written; `nil` before
  /// the session starts or after it ends.
  var shownLines: [String]? {
    guard let host, !host.needsFrame else { return nil }
    return host.grid.lines
  }
  /// Whether a turn is applying events or running the host's due work: the frame they make
  /// needed is the one the turn draws next, so it schedules no turn of its own.
  private var isInTurn = false
  /// Whether a turn is scheduled on the main actor, for the tests.
  var isTurnScheduled: Bool { inbox.withLock { $0.isPumpScheduled } }
  private var deadlineTimer: (timer: any SessionTimer, deadline: Duration)?
  private var idleTimer: (any SessionTimer)?
  /// When the last input came (or the session started), on the transport's clock.
  private var lastInput = Duration.zero

  nonisolated init(
    transport: any SessionTransport, limits: SessionLimits,
    makeRoot: @escaping @MainActor @Sendable (SSHSession) -> Screen,
    onEnd: @escaping @Sendable () -> Void
  ) {
    self.transport = transport
    self.limits = limits
    self.makeRoot = makeRoot
    self.onEnd = onEnd
  }

  /// Hands an event to the main actor, from any thread; input past
  /// ``SessionLimits/inputBytesPending`` waiting there is dropped.
  nonisolated func post(_ event: Event) {
    let schedule = inbox.withLock { inbox -> Bool in
      if case .input(let bytes) = event {
        guard inbox.inputBytes + bytes.count <= limits.inputBytesPending else {
          inbox.droppedInputBytes += bytes.count
          return false
        }
        inbox.inputBytes += bytes.count
      }
      inbox.events.append(event)
      guard !inbox.isPumpScheduled else { return false }
      inbox.isPumpScheduled = true
      return true
    }
    if schedule { Task { @MainActor in self.pump() } }
  }

  /// Applies what was posted, runs the host's due work and draws a frame if the client can
  /// take one.
  func pump() {
    let events = inbox.withLock { inbox in
      defer {
        inbox.events.removeAll()
        inbox.isPumpScheduled = false
        inbox.inputBytes = 0
      }
      return inbox.events
    }
    isInTurn = true
    for event in events where !isEnded { apply(event) }
    if !isEnded { host?.tick() }
    isInTurn = false
    guard !isEnded, let host else { return }
    draw(host)
    armDeadline(host)
  }

  private func apply(_ event: Event) {
    switch event {
    case .start(let request): start(request)
    case .input(let bytes):
      guard let host, let input else { return }
      lastInput = transport.now
      for event in input.decode(bytes: bytes) where !isEnded {
        if announcer != nil, event == .key(SemanticsAnnouncer.whereAmIKey) {
          announcer?.reset()
          sayWhatChanged(on: host.stage)
          continue
        }
        host.handle(event)
      }
    case .resize(let width, let height):
      guard let host, let session else { return }
      let size = limits.size(width: width, height: height)
      session.size = size
      host.handle(.resize(size))
    case .wake: break
    case .end(.clientGone): finish(exitStatus: 0, message: nil, reachable: false)
    case .end(.ended(let status, let message)):
      finish(exitStatus: status, message: message, reachable: true)
    }
  }

  private func start(_ request: SessionRequest) {
    guard session == nil else { return }
    let size = limits.size(width: request.width, height: request.height)
    let depth = ColorDepth(
      terminalType: request.terminalType, colorTerm: request.environment["COLORTERM"],
      noColor: request.environment["NO_COLOR"])
    let accessible = SemanticsAnnouncer.isRequested(
      by: request.environment[SemanticsAnnouncer.environmentVariable])
    let session = SSHSession(
      user: request.user, remoteAddress: request.remoteAddress,
      terminalType: request.terminalType, environment: request.environment,
      command: request.command, colorDepth: depth, size: size, isAccessible: accessible)
    self.session = session
    session.ender = { [weak self] status, message in
      self?.finish(exitStatus: status, message: message, reachable: true)
    }
    if accessible {
      announcer = SemanticsAnnouncer()
    } else {
      send(SessionSequences.setUp(modes: limits.modes))
    }
    let host = ScreenHost(
      root: makeRoot(session), size: size, wake: { [weak self] in self?.post(.wake) })
    self.host = host
    input = HostInputDecoder(host: host)
    session.stage = host.stage
    writer = TerminalFrameWriter(depth: depth, placement: .screen(origin: .zero))
    // NB: a screen of another session (a change to a cache both show) can make this one need a
    // frame; nothing else would wake this session for it. Inside a turn, the turn draws it: a
    // wake there was a task and a second turn for every spinner frame (docs/serving.md,
    // "Measured").
    host.stage.onNeedsFrame = { [weak self] in
      guard let self, !isInTurn else { return }
      post(.wake)
    }
    host.onUnhandledKey = { [weak session] key in
      guard let session else { return }
      if let handler = session.onUnhandledKey {
        handler(key)
      } else if key == "q" || key == .control("c") {
        session.end()
      }
    }
    lastInput = transport.now
    armIdle()
  }

  private func draw(_ host: ScreenHost) {
    guard host.needsFrame, writer != nil else { return }
    let bound = limits.outputBytesInFlight
    let isBehind = inbox.withLock { inbox -> Bool in
      guard inbox.bytesInFlight >= bound else { return false }
      inbox.isFrameHeld = true
      return true
    }
    guard !isBehind else {
      framesHeld += 1
      return
    }
    let changes = host.frame()
    if announcer != nil {
      sayWhatChanged(on: host.stage)
      return
    }
    writer?.draw(changes, of: host.grid)
    if let bytes = writer?.take(), !bytes.isEmpty { send(bytes) }
  }

  /// Writes the accessible mode's lines for what changed on `stage` since they last spoke.
  private func sayWhatChanged(on stage: Stage) {
    guard let lines = announcer?.lines(after: stage), !lines.isEmpty else { return }
    // NB: the client's terminal is raw (ssh puts it so): a line ends with CR LF.
    send(Array(lines.map { $0 + "\r\n" }.joined().utf8))
  }

  private func send(_ bytes: [UInt8]) {
    let count = bytes.count
    inbox.withLock { $0.bytesInFlight += count }
    transport.send(bytes) { [weak self] in self?.written(count) }
  }

  /// Takes `count` written bytes off the count, on the event loop.
  ///
  /// It wakes the session only when a frame waits for it. NB: a write's completion used to
  /// post to the main actor for every frame, a hop there and back per frame (docs/serving.md,
  /// "Measured").
  private nonisolated func written(_ count: Int) {
    let bound = limits.outputBytesInFlight
    let wake = inbox.withLock { inbox -> Bool in
      inbox.bytesInFlight -= count
      guard inbox.isFrameHeld, inbox.bytesInFlight < bound else { return false }
      inbox.isFrameHeld = false
      return true
    }
    if wake { post(.wake) }
  }

  /// Sets the timer for the host's next deadline, unless one is set for it already.
  private func armDeadline(_ host: ScreenHost) {
    guard let deadline = host.nextDeadline, let wait = host.timeUntilNextDeadline else {
      deadlineTimer?.timer.cancel()
      deadlineTimer = nil
      return
    }
    if deadlineTimer?.deadline == deadline { return }
    deadlineTimer?.timer.cancel()
    let timer = transport.schedule(after: wait) { [weak self] in self?.reached(deadline) }
    deadlineTimer = (timer, deadline)
  }

  /// The host's deadline came: its due work runs, and a frame is drawn, in this turn.
  private func reached(_ deadline: Duration) {
    if deadlineTimer?.deadline == deadline { deadlineTimer = nil }
    pump()
  }

  private func armIdle() {
    guard let timeout = limits.idleTimeout else { return }
    let wait = timeout - (transport.now - lastInput)
    idleTimer = transport.schedule(after: max(.zero, wait)) { [weak self] in
      guard let self, !isEnded else { return }
      checkIdle()
    }
  }

  private func checkIdle() {
    guard let timeout = limits.idleTimeout else { return }
    if transport.now - lastInput >= timeout {
      finish(exitStatus: 0, message: "Idle for \(timeout): the session ended.", reachable: true)
    } else {
      armIdle()
    }
  }

  /// Ends the session once: the host closes (its loads are cancelled), the client's terminal
  /// is restored where a byte can still reach it, and the channel closes.
  private func finish(exitStatus: Int, message: String?, reachable: Bool) {
    guard !isEnded else { return }
    isEnded = true
    deadlineTimer?.timer.cancel()
    deadlineTimer = nil
    idleTimer?.cancel()
    idleTimer = nil
    input?.cancel()
    input = nil
    host?.close()
    host = nil
    if reachable {
      let bytes: [UInt8]
      if session != nil {
        bytes = SessionSequences.restore(message: message, accessible: announcer != nil)
      } else {
        bytes = message.map { Array(($0 + "\r\n").utf8) } ?? []
      }
      transport.finish(with: bytes, exitStatus: exitStatus, grace: limits.finishGrace)
    } else {
      transport.finish(with: [], exitStatus: exitStatus, grace: .zero)
    }
    onEnd()
  }
}
