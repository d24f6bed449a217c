import Dispatch
import ScreenKit
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A screen for the terminal tests: a fixed line of text, in `spinner` mode a counter advanced
/// by a scheduler timer, so the child has something live to draw, in `flood` mode every cell
/// changing letter and colour on every tick, so frames are large, in `echo` mode a record of
/// every character typed or pasted and the last mouse press, in `pages` mode, after `n`, a page
/// filling every row, and in `colors` mode four words in colours of every depth.
final class TestHostScreen: Screen {
  /// What the screen draws.
  enum Mode: String {
    case idle, spinner, flood, echo, pages, tasks, colors
  }

  /// What the screen draws.
  let mode: Mode
  private let interval: Duration
  /// Whether the screen sends its process SIGTSTP when it first appears: the session is open
  /// then and the first frame not yet drawn.
  private var stopsOnAppearing: Bool
  /// The signals blocked on the thread that opened the session when the screen first appears.
  private let blocksOnAppearing: [Int32]
  private var tick = 0
  private var page = 0
  private var timer: Scheduler.Timer?
  /// The characters typed (as keys) or pasted, in order, in `echo` mode; `q` is not recorded.
  private(set) var received: [Character] = []
  /// The number of paste events received in `echo` mode.
  private(set) var pasteCount = 0
  /// The number of Escape keys received in `echo` mode.
  private(set) var escapeCount = 0
  private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  /// The last mouse press in `echo` mode, shown as `CLICK-x-y`.
  private var lastPress: Point?
  /// The focus changes the terminal reported in `echo` mode, shown as `FOCUS-OUT-1` after the
  /// first loss, `FOCUS-IN-2` after the gain that follows, and so on: a gain on row 4, a loss
  /// on row 5, so that each is written whole rather than as the cells that differ.
  private(set) var focusChanges = 0

  /// Creates the screen; unless idle, a timer every `interval` redraws it once it appears.
  init(
    mode: Mode, interval: Duration, stopsOnAppearing: Bool = false,
    blocksOnAppearing: [Int32] = []
  ) {
    self.mode = mode
    self.interval = interval
    self.stopsOnAppearing = stopsOnAppearing
    self.blocksOnAppearing = blocksOnAppearing
    super.init()
  }

  /// The FNV-1a hash of the UTF-8 of ``received``.
  var receivedHash: UInt64 { hash }

  override var canBecomeFocused: Bool { mode == .echo || mode == .pages }

  override func didAppear() {
    if !blocksOnAppearing.isEmpty {
      // NB: still on the thread that opened the session, which unblocked the crash signals
      // and draws the frames. A thread of its own takes the signals instead, as a worker
      // thread that crashes does, so the handler runs while frames go on.
      startSignalThread()
      var blocked = sigset_t()
      sigemptyset(&blocked)
      for signal in blocksOnAppearing { sigaddset(&blocked, signal) }
      pthread_sigmask(SIG_BLOCK, &blocked, nil)
    }
    if stopsOnAppearing {
      stopsOnAppearing = false
      // NB: raise, so the handler has run (and the process was stopped and continued) before
      // the run loop goes on to draw the first frame.
      raise(SIGTSTP)
    }
    if mode == .spinner || mode == .flood { scheduleTick() }
  }

  /// What `tasks` mode shows: the results of main-actor tasks and posted work.
  private var results: [String] = []

  override func handle(_ key: Key) -> Bool {
    if mode == .tasks && key == "m" {
      Task { @MainActor in
        try? await Task.sleep(for: .milliseconds(1))
        self.show("TASK-DONE")
      }
      return true
    }
    if mode == .tasks && key == "l" {
      Task {
        let result = await loadOnTheDefaultExecutor()
        self.show(result)
      }
      return true
    }
    if mode == .tasks && key == "b", let scheduler = stage?.scheduler {
      blockTheDefaultExecutor(for: 2, then: scheduler) { [weak self] in self?.show("POOL-BUSY") }
      return true
    }
    if mode == .tasks && key == "x" {
      Task {
        let result = await probeTheDefaultExecutor()
        self.show(result)
      }
      return true
    }
    if mode == .tasks && key == "p", let scheduler = stage?.scheduler {
      Task.detached {
        scheduler.post { [weak self] in self?.show("POSTED-DONE") }
      }
      return true
    }
    if mode == .pages && key == "n" {
      page += 1
      setNeedsDisplay()
      return true
    }
    guard mode == .echo else { return false }
    if key == .escape {
      escapeCount += 1
      setNeedsDisplay()
      return true
    }
    guard case .character(let character) = key, character != "q" else { return false }
    record(String(character))
    return true
  }

  override func terminalFocusDidChange() {
    guard mode == .echo else { return }
    focusChanges += 1
    setNeedsDisplay()
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    guard mode == .echo, case .press = event.action else { return false }
    lastPress = event.position
    setNeedsDisplay()
    return true
  }

  override func handlePaste(_ text: String) -> Bool {
    guard mode == .echo else { return false }
    pasteCount += 1
    record(text)
    return true
  }

  private func show(_ result: String) {
    results.append(result)
    setNeedsDisplay()
  }

  private func record(_ text: String) {
    received.append(contentsOf: text)
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    setNeedsDisplay()
  }

  override func willDisappear() {
    if let timer { stage?.scheduler.cancel(timer) }
    timer = nil
  }

  private func scheduleTick() {
    timer = stage?.scheduler.schedule(after: interval) { [weak self] in
      guard let self else { return }
      tick += 1
      setNeedsDisplay()
      scheduleTick()
    }
  }

  override func draw(in canvas: inout Canvas) {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if mode == .flood {
      // NB: a colour of its own per cell, so one frame outgrows a pty's buffer (about 20 KiB).
      for y in 1..<canvas.size.height {
        for x in 0..<canvas.size.width {
          let shift = x + y + tick
          let color = Color.indexed(UInt8(16 + shift % 216))
          _ = canvas.put(
            letters[shift % letters.count], at: Point(x: x, y: y), style: Style(foreground: color))
        }
      }
    }
    canvas.drawText("READY 漢字", at: Point(x: 0, y: 0), style: .bold)
    if mode == .colors {
      // The same four styles at whatever depth the terminal (and NO_COLOR) allow.
      let words = ["RED", "BLUE", "GREY", "ANSI"]
      let colors: [Color] = [.indexed(196), .indexed(21), .indexed(244), .red]
      for (row, (word, color)) in zip(words, colors).enumerated() {
        canvas.drawText(word, at: Point(x: 0, y: row + 1), style: Style(foreground: color))
      }
    }
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    if mode == .spinner {
      canvas.drawText(
        "\(frames[tick % frames.count]) tick \(tick)", at: Point(x: 0, y: 1),
        style: Style(foreground: .cyan))
    }
    if mode == .echo {
      canvas.drawText("received \(received.count)", at: Point(x: 0, y: 1))
      // NB: on a row of its own, without spaces, so the terminal output shows it verbatim.
      if escapeCount > 0 { canvas.drawText("ESCAPES-\(escapeCount)", at: Point(x: 0, y: 2)) }
      if let press = lastPress {
        canvas.drawText("CLICK-\(press.x)-\(press.y)", at: Point(x: 0, y: 3))
      }
      if focusChanges > 0 {
        let hasFocus = stage?.terminalHasFocus ?? true
        canvas.drawText(
          "FOCUS-\(hasFocus ? "IN" : "OUT")-\(focusChanges)", at: Point(x: 0, y: hasFocus ? 4 : 5))
      }
    }
    if mode == .pages && page > 0 {
      // NB: no spaces and no runs, so ncurses writes each row as it reads here.
      let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
      for row in 1..<max(1, canvas.size.height) {
        var line = "page\(page)-row\(row)-"
        while line.count < canvas.size.width { line.append(alphabet[(line.count + row) % 36]) }
        canvas.drawText(line, at: Point(x: 0, y: row))
      }
    }
    for (row, result) in results.enumerated() {
      canvas.drawText(result, at: Point(x: 0, y: 3 + row))
    }
    let handled = handledSignal.load(ordering: .relaxed)
    if handled != 0 {
      canvas.drawText("handled \(handled)", at: Point(x: 0, y: 2))
    }
  }
}

/// Blocks every worker of the default executor (one per processor, at least two) for `seconds`,
/// as loads making blocking calls do; `blocked` runs on the main actor once all of them are.
private func blockTheDefaultExecutor(
  for seconds: Int, then scheduler: Scheduler,
  _ blocked: @escaping @Sendable @MainActor () -> Void
) {
  let workers = max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  final class Started: Sendable { let count = Atomic(0) }
  let started = Started()
  for _ in 0..<workers {
    Task.detached {
      if started.count.add(1, ordering: .sequentiallyConsistent).newValue == workers {
        scheduler.post(blocked)
      }
      var pause = timespec(tv_sec: seconds, tv_nsec: 0)
      var left = timespec()
      while nanosleep(&pause, &left) != 0 { pause = left }
    }
  }
}

/// A load on the default executor, as a screen's load closure runs.
///
/// A sleep, many child tasks, sleeps that must end in the order of their deadlines, a detached
/// task and a long sleep cancelled early; returns `LOAD-DONE` and what each part gave, without
/// spaces.
///
/// NB: nonisolated, so it runs on the default executor and not on the main actor.
private func loadOnTheDefaultExecutor() async -> String {
  try? await ContinuousClock().sleep(for: .milliseconds(5))
  let sum = await withTaskGroup(of: Int.self) { group in
    for value in 1...1000 { group.addTask { value } }
    return await group.reduce(0, +)
  }
  // NB: started latest first, 50 ms apart, so that only their deadlines order them.
  let order = await withTaskGroup(of: Int.self) { group in
    for delay in [110, 60, 10] {
      group.addTask {
        try? await Task.sleep(for: .milliseconds(delay))
        return delay
      }
    }
    var order: [Int] = []
    for await delay in group { order.append(delay) }
    return order
  }
  let detached = await Task.detached { 42 }.value
  let sleeper = Task.detached { try await Task.sleep(for: .seconds(600)) }
  try? await Task.sleep(for: .milliseconds(5))
  let start = ContinuousClock.now
  sleeper.cancel()
  _ = try? await sleeper.value
  let cancel = ContinuousClock.now - start < .seconds(1) ? "prompt" : "late"
  let orderText = order.map(String.init).joined(separator: "-")
  return "LOAD-DONE-sum-\(sum)-order-\(orderText)-detached-\(detached)-cancel-\(cancel)"
}

/// What a program's own tasks see of the default executor while ScreenKit runs the terminal:
/// returns `EXECUTOR`, then `-name-value` fields and `-END`: in milliseconds, how late a task started beside a blocking one, a
/// `.high` task started after a backlog of 2,000 background jobs and a 10 ms sleep begun before
/// them woke, and whether a blocking hand-off between two tasks completed.
///
/// A program owns its tasks: on the toolchain's default executor each of these takes a few
/// milliseconds at most; an executor that queues jobs behind blocked or low-priority work
/// takes seconds, or never completes the hand-off.
///
/// NB: nonisolated, so it runs on the default executor and not on the main actor.
private func probeTheDefaultExecutor() async -> String {
  func milliseconds(_ duration: Duration) -> Int {
    Int(
      duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
  }
  func block(milliseconds: Int) {
    var pause = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var left = timespec()
    while nanosleep(&pause, &left) != 0 { pause = left }
  }
  // A task beside a blocking one: the second of two back-to-back detached tasks starts at once.
  await Task.detached {}.value
  let besideStart = ContinuousClock.now
  let blocking = Task.detached { block(milliseconds: 2000) }
  let beside = await Task.detached { ContinuousClock.now }.value
  await blocking.value

  // A blocking hand-off: one task waits for a semaphore that a second task signals.
  let handedOver = DispatchSemaphore(value: 0)
  let waiter = Task.detached { handedOver.wait(timeout: .now() + .seconds(5)) == .success }
  let signaller = Task.detached { handedOver.signal() }
  let handOff = await waiter.value ? "ok" : "timeout"
  _ = await signaller.value

  // Priorities: a `.high` task and a short sleep are not queued behind a background backlog.
  let sleepStart = ContinuousClock.now
  let sleeper = Task.detached(priority: .medium) {
    try? await Task.sleep(for: .milliseconds(10))
    return ContinuousClock.now
  }
  let backlog = (0..<2000).map { _ in
    Task.detached(priority: .background) { block(milliseconds: 1) }
  }
  let highStart = ContinuousClock.now
  let high = await Task.detached(priority: .high) { ContinuousClock.now }.value
  let slept = await sleeper.value
  for job in backlog { await job.value }

  return "EXECUTOR-beside-\(milliseconds(beside - besideStart))-handoff-\(handOff)"
    + "-high-\(milliseconds(high - highStart))-sleep-\(milliseconds(slept - sleepStart))-END"
}

/// Starts a thread that does nothing but wait for signals; created before the drawing
/// thread blocks them, it inherits them unblocked.
///
/// NB: outside the main-actor screen, so the thread's body is not taken for main-actor code.
private func startSignalThread() {
  startDetachedThread { _ in
    while true { pause() }
  }
}
