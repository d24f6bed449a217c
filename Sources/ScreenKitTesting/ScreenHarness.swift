public import ScreenKit
public import ScreenKitSimulation
public import Testing

/// Runs a screen hierarchy headless, for controller-level tests: no terminal, a virtual clock,
/// load tasks that advance only when the test settles.
///
/// It is a host like any other: its input goes through the `ScreenHost` it owns
/// (`ScreenHost.handle(_:)`), as a terminal program's does, so a test exercises the path a
/// key takes in the program.
///
/// ```swift
/// @Test @MainActor func listShowsAfterLoading() async {
///   let harness = ScreenHarness(root: MyScreen(), size: Size(width: 20, height: 3))
///   await harness.advance(by: .seconds(1))
///   harness.press(.down)
///   expectScreen(harness, ["Episodes", "> Two", ""])
///   await harness.finish()
/// }
/// ```
@MainActor
public final class ScreenHarness {
  /// The stage the root is mounted on.
  public var stage: Stage { host.stage }
  /// The virtual clock the hierarchy and any load sleeping on it read.
  public let clock: VirtualClock
  /// The executor load tasks prefer; drained by ``settle()``.
  public let executor: ManualTaskExecutor
  /// Every lifecycle call on the stage.
  public let journal = LifecycleJournal()
  /// The number of frames rendered so far.
  public private(set) var frameCount = 0
  /// The number of `draw(in:)` calls of the last rendered frame.
  public private(set) var lastFrameDrawCount = 0
  /// The cells the last rendered frame changed, as a terminal host would be handed them;
  /// see ``expectChangedCells(_:_:sourceLocation:)``.
  public private(set) var lastFrameChanges = FrameChanges()

  /// The clock and the other harnesses that share it.
  private let time: SharedTime
  /// The host the input goes through, as in a program.
  private let host: ScreenHost

  /// Mounts `root` at `size` and renders the first frame.
  public convenience init(
    root: Screen, size: Size = Size(width: 40, height: 12),
    environment: EnvironmentValues = EnvironmentValues()
  ) {
    self.init(root: root, size: size, environment: environment, time: SharedTime())
  }

  /// Mounts `root` at `size` on a stage of its own that shares `other`'s time, and renders the
  /// first frame.
  ///
  /// Both read one clock from its start (a cache or anything else that both stages use sees one
  /// time base), and ``advance(by:)`` or ``settle()`` on either runs the timers, sleepers and
  /// load tasks of both, in time order. Each keeps its own executor, journal and
  /// ``finish(sourceLocation:)``.
  public convenience init(
    root: Screen, size: Size = Size(width: 40, height: 12),
    environment: EnvironmentValues = EnvironmentValues(), sharingTimeWith other: ScreenHarness
  ) {
    self.init(root: root, size: size, environment: environment, time: other.time)
  }

  private init(root: Screen, size: Size, environment: EnvironmentValues, time: SharedTime) {
    let executor = ManualTaskExecutor()
    self.time = time
    self.clock = time.clock
    self.executor = executor
    // NB: time zero is the clock's, not this moment's, for harnesses that join later.
    let screenClock = ScreenClock(time.clock, origin: VirtualClock.Instant(offset: .zero))
    let stage = Stage(
      root: root, size: size,
      scheduler: Scheduler(clock: screenClock, taskExecutor: executor),
      environment: environment)
    stage.lifecycleObserver = { [journal] in journal.record($0) }
    // NB: the host mounts the stage, after the journal is listening; nothing wakes a harness,
    // whose work runs when the test advances or settles it.
    self.host = ScreenHost(stage: stage, wake: nil)
    time.join(self)
    runDueWork()
  }

  /// The root screen.
  public var root: Screen { stage.root }

  /// The virtual time since the harness started.
  public var now: Duration { clock.now.offset }

  // MARK: Input

  /// Presses keys one after another, rendering after each; returns whether the last was handled.
  @discardableResult
  public func press(_ keys: Key...) -> Bool {
    var handled = false
    for key in keys { handled = deliver(.key(key)) }
    return handled
  }

  /// Types each character of `text` as a key press.
  public func type(_ text: String) {
    for character in text { press(.character(character)) }
  }

  /// Pastes `text` as one event, routed like a key, and renders; returns whether a screen
  /// handled it.
  @discardableResult
  public func paste(_ text: String) -> Bool {
    deliver(.paste(text))
  }

  /// Clicks the left button at column `x`, row `y` of the stage (a press, then a release, as
  /// a terminal reports them) and renders; returns whether a screen handled the press.
  @discardableResult
  public func click(x: Int, y: Int, modifiers: MouseEvent.Modifiers = []) -> Bool {
    let point = Point(x: x, y: y)
    let handled = deliver(.mouse(MouseEvent(.press(.left), at: point, modifiers: modifiers)))
    deliver(.mouse(MouseEvent(.release(.left), at: point, modifiers: modifiers)))
    return handled
  }

  /// Clicks twice at column `x`, row `y`; returns whether a screen handled the second press.
  @discardableResult
  public func doubleClick(x: Int, y: Int) -> Bool {
    click(x: x, y: y)
    return click(x: x, y: y)
  }

  /// Turns the wheel at column `x`, row `y` by `notches` (negative up, positive down), one
  /// event per notch as terminals send them, and renders; returns whether the last was
  /// handled.
  @discardableResult
  public func scroll(x: Int, y: Int, by notches: Int) -> Bool {
    var handled = false
    for _ in 0..<abs(notches) {
      handled = deliver(.mouse(MouseEvent(.wheel(notches.signum()), at: Point(x: x, y: y))))
    }
    return handled
  }

  /// Sends any mouse event, with its position in stage coordinates, and renders; returns
  /// whether a screen handled it.
  @discardableResult
  public func send(_ event: MouseEvent) -> Bool {
    deliver(.mouse(event))
  }

  /// Reports that the terminal gained (`true`) or lost (`false`) the user's focus, as a
  /// terminal does once focus reporting is on, and renders.
  public func setTerminalFocus(_ hasFocus: Bool) {
    deliver(.terminalFocus(hasFocus))
  }

  /// Resizes the stage, as a terminal's new size does, and renders.
  public func resize(to size: Size) {
    deliver(.resize(size))
  }

  /// Delivers an input event through the harness's host, then runs what became due and
  /// renders, as a terminal host does after each event; returns whether anything handled it.
  @discardableResult
  private func deliver(_ event: InputEvent) -> Bool {
    let handled = host.handle(event)
    runDueWork()
    return handled
  }

  // MARK: Time

  /// Moves virtual time forward by `duration`, firing timers and waking sleepers at their
  /// deadlines in order, and settling after each.
  ///
  /// Animation frames nobody can see are skipped: between two other deadlines a spinner's
  /// frame timer (`Scheduler.scheduleFrame(at:_:)`) fires once, at the later one, and shows the
  /// frame of that moment, so an hour with a spinner on screen takes one frame, not 45,000.
  public func advance(by duration: Duration) async {
    let target = now + duration
    await settle()
    while let next = nextDeadline(), next <= target {
      clock.advance(to: VirtualClock.Instant(offset: max(next, now)))
      await settle()
    }
    clock.advance(to: VirtualClock.Instant(offset: target))
    await settle()
  }

  /// Runs everything that can run without time passing, then renders.
  ///
  /// That is load-task jobs, posted work, due timers and main-actor tasks, until none is left,
  /// in this harness and in those sharing its time.
  public func settle() async {
    let harnesses = time.harnesses
    var quietRounds = 0
    var rounds = 0
    while quietRounds < 3 {
      rounds += 1
      if rounds > 10_000 {
        Issue.record("ScreenHarness.settle(): work kept arriving after 10000 rounds")
        return
      }
      var progressed = false
      for harness in harnesses { progressed = harness.executor.runAll() > 0 || progressed }
      progressed = clock.advance(to: clock.now) > 0 || progressed
      for harness in harnesses {
        progressed = harness.stage.scheduler.runDue() > 0 || progressed
      }
      await Task.yield()
      let waiting = harnesses.contains {
        $0.executor.hasJobs || $0.stage.scheduler.hasPostedWork
      }
      quietRounds = progressed || waiting ? 0 : quietRounds + 1
    }
    for harness in harnesses { harness.renderIfNeeded() }
  }

  /// The next moment something other than an animation frame is due, in any harness sharing
  /// this one's time.
  private func nextDeadline() -> Duration? {
    var deadlines = time.harnesses.compactMap { $0.stage.scheduler.nextDeadlineBesidesFrames }
    if let sleeper = clock.nextSleeperDeadline { deadlines.append(sleeper.offset) }
    return deadlines.min()
  }

  /// Runs what became due synchronously (task jobs, posted work, due timers), then renders, as
  /// a terminal host does after each input event.
  private func runDueWork() {
    while executor.runAll() + stage.scheduler.runDue() > 0 {}
    renderIfNeeded()
  }

  // MARK: Reading the screen

  /// Renders a frame if anything is dirty: lays out and resolves focus, then draws.
  public func renderIfNeeded() {
    guard stage.needsFrame else { return }
    lastFrameChanges = stage.frame()
    frameCount += 1
    lastFrameDrawCount = stage.lastFrameDrawCount
  }

  /// The screen as lines of text; trailing spaces are kept, so each line is as wide as the stage
  /// (wide characters count twice).
  public var lines: [String] {
    renderIfNeeded()
    return stage.canvas.grid.lines
  }

  /// The screen as one string, lines joined by newlines, trailing spaces removed.
  public var screenText: String {
    lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
      .joined(separator: "\n")
  }

  /// The cell at column `x`, row `y`.
  public func cell(x: Int, y: Int) -> Cell {
    renderIfNeeded()
    return stage.canvas.grid[x, y]
  }

  /// The style of the cell at column `x`, row `y`.
  public func style(x: Int, y: Int) -> Style {
    cell(x: x, y: y).style
  }

  /// Where the terminal's cursor is, as a user would see it: the focused screen's
  /// `cursorPosition` in stage coordinates, or `nil` when it has none, or that point is
  /// clipped or covered (`FrameChanges.cursor` of the last frame).
  public var cursor: Point? {
    renderIfNeeded()
    return lastFrameChanges.cursor
  }

  /// Where the terminal's cursor rests, shown or hidden, as a screen reader or a braille
  /// display finds it: on the focused element (a list's selected row, a focused button, a
  /// text field's insertion point), in stage coordinates; `nil` when nothing has focus
  /// (`FrameChanges.focus` of the last frame).
  public var focus: Point? {
    renderIfNeeded()
    return lastFrameChanges.focus
  }

  /// Whether `text` appears somewhere on the screen.
  public func contains(_ text: String) -> Bool {
    lines.contains { $0.contains(text) }
  }

  /// The hierarchy as an indented tree.
  public var hierarchyDescription: String { root.hierarchyDescription }

  // MARK: Ending a test

  /// What is still under way: pending timers, tasks in flight, queued jobs and posted work,
  /// sleepers on the clock (which count for every harness sharing it); empty when nothing is.
  public var pendingWork: [String] {
    var pending: [String] = []
    let scheduler = stage.scheduler
    if scheduler.pendingTimerCount > 0 { pending.append("\(scheduler.pendingTimerCount) timer(s)") }
    if scheduler.tasksInFlight > 0 {
      pending.append("\(scheduler.tasksInFlight) task(s) in flight")
    }
    if scheduler.hasPostedWork { pending.append("posted work") }
    if executor.hasJobs { pending.append("queued task jobs") }
    if clock.sleeperCount > 0 { pending.append("\(clock.sleeperCount) sleeper(s) on the clock") }
    return pending
  }

  /// Unmounts the root, settles, and records an issue for anything left running and for any
  /// lifecycle ordering rule that was broken.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    host.close()
    await settle()
    let pending = pendingWork
    if !pending.isEmpty {
      Issue.record(
        "Left running after the test: \(pending.joined(separator: ", "))",
        sourceLocation: sourceLocation)
    }
    let violations = journal.violations
    if !violations.isEmpty {
      Issue.record(
        "Lifecycle rules broken: \(violations.joined(separator: "; "))",
        sourceLocation: sourceLocation)
    }
  }
}
