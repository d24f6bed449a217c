import CNCurses
import Dispatch
import Locking
import ScreenKit
import ScreenKitSimulation
import ScreenKitTesting
import TerminalProcess
import Testing

@testable import ScreenKitCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `CursesApplication` run in this process on a pseudo-terminal: ownership, quitting, far
/// deadlines and the lifetimes of the descriptors its event sources watch. Part of the
/// serialized session suite, since a process has one ncurses session at a time.
extension CursesSessionTests {
  private func options(_ pty: TerminalRecorder) -> CursesTerminal.Options {
    var options = CursesTerminal.Options()
    options.inputDescriptor = pty.follower
    options.outputDescriptor = pty.follower
    options.terminalType = "xterm-256color"
    return options
  }

  /// Runs `application` until it returns, and returns whether it ended by itself.
  ///
  /// Once `ready` shows on the terminal, `action` runs off the main actor (typing keys,
  /// sending signals); a run that has not returned 30 seconds later is quit from outside.
  ///
  /// NB: 30, not 10: the application runs on the test process's main actor, which every
  /// main-actor suite shares; with two runs of the suite and a build beside it, a `q` once
  /// took longer than ten seconds to be read there.
  @discardableResult
  private func run(
    _ application: CursesApplication, on pty: TerminalRecorder, once ready: String? = nil,
    _ action: @escaping @Sendable () -> Void = {}
  ) async throws -> Bool {
    let finished = Shared(false)
    let scheduler = application.stage.scheduler
    let watchdog = Task.detached {
      if let ready, !pty.eventuallyShows(ready) {
        Issue.record("the application never showed \"\(ready)\"")
      }
      action()
      guard !waitUntil(timeout: .seconds(30), { finished.value }) else { return true }
      scheduler.post { application.quit() }
      return false
    }
    try await application.run()
    finished.value = true
    return await watchdog.value
  }

  @Test func quitBeforeRunMakesRunReturnAtOnceWithoutTouchingTheTerminal() async throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let before = try pty.modes()
    let application = CursesApplication(root: SizeScreen(), options: options(pty))
    application.onUnhandledKey = { application, key in
      if key == "q" { application.quit() }
    }
    application.quit()
    let endedByItself = try await run(application, on: pty)
    #expect(endedByItself, "run() waited for a quit that had already been asked for")
    #expect(application.frameCount == 0)
    #expect(pty.written.isEmpty)
    #expect(try pty.modes() == before)
    // The request was used up: the next run shows the screen until it is quit again.
    let ranAgain = try await run(application, on: pty, once: "size 80x24") { pty.type("q") }
    #expect(ranAgain)
    #expect(application.frameCount > 0)
  }

  @Test func theDocumentedQuitHandlerDoesNotKeepTheApplicationAlive() async throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    weak var weakApplication: CursesApplication?
    do {
      let application = CursesApplication(root: SizeScreen(), options: options(pty))
      application.onUnhandledKey = { application, key in
        if key == "q" { application.quit() }
      }
      weakApplication = application
      let endedByItself = try await run(application, on: pty, once: "size 80x24") {
        pty.type("q")
      }
      #expect(endedByItself)
    }
    #expect(weakApplication == nil, "the application outlived its last reference")
  }

  /// Each session's descriptors are closed only after the sources watching them were
  /// cancelled, so the numbers the next session reuses at once (its pty, its signal pipe) are
  /// watched afresh: every session sees its resize signal and its `q`, and nothing a session
  /// opened is still open after it.
  ///
  /// The first session is not counted: the dispatch runtime opens its own descriptors (an
  /// epoll, an eventfd, a timerfd) the first time the process watches a source, and keeps them.
  /// Another test of the process has usually done that before, but not always.
  @Test func sessionsOpenedAndClosedInALoopEachSeeTheirOwnDescriptors() async throws {
    for round in -1..<12 {
      let pty = try TerminalRecorder()
      let application = CursesApplication(root: SizeScreen(), options: options(pty))
      application.onUnhandledKey = { application, key in
        if key == "q" { application.quit() }
      }
      let width = 60 + round
      let before = openDescriptors()
      let during = Shared<[Int32: String]>([:])
      let endedByItself = try await run(application, on: pty, once: "size 80x24") {
        during.value = openDescriptors().filter { before[$0.key] != $0.value }
        var size = winsize(ws_row: 20, ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(pty.leader, UInt(TIOCSWINSZ), &size)
        kill(getpid(), SIGWINCH)
        if !pty.eventuallyShows("size \(width)x20") {
          Issue.record("round \(round): the resize signal never reached the application")
        }
        pty.type("q")
      }
      #expect(endedByItself, "round \(round): q never reached the application")
      pty.close()
      // NB: by what each descriptor refers to, not by number: parallel tests reuse numbers.
      // And a descriptor another test opened while this session ran (a chaos session's pty
      // or pipes) is open after it too, until that test closes it; one this session leaked
      // stays open, so only what is still open after a wait counts.
      guard round >= 0 else { continue }
      var left: [Int32: String] = [:]
      waitUntil(timeout: .seconds(20), pause: .milliseconds(20)) {
        let now = openDescriptors()
        left = during.value.filter { now[$0.key] == $0.value }
        return left.isEmpty
      }
      // NB: the threads say who may hold them (an event loop of swift-nio is `NIO-ELT-…`):
      // an epoll, an eventfd and a timerfd were once left here by another test's loop.
      #expect(
        left.isEmpty,
        "round \(round): still open after the session: \(left); threads: \(threadNames())")
    }
  }

  @Test func farFutureDispatchTimesAreNever() {
    #expect(DispatchEventLoop.dispatchTime(after: .seconds(Int.max)) == .distantFuture)
    #expect(DispatchEventLoop.dispatchTime(after: Duration(attoseconds: .max)) == .distantFuture)
    #expect(DispatchEventLoop.dispatchTime(after: .nanoseconds(Int64.max)) == .distantFuture)
    let before = DispatchTime.now()
    let soon = DispatchEventLoop.dispatchTime(after: .milliseconds(5))
    #expect(soon.uptimeNanoseconds >= before.uptimeNanoseconds + 5_000_000)
    #expect(soon.uptimeNanoseconds <= DispatchTime.now().uptimeNanoseconds + 5_000_000)
  }

  /// Timers, timeouts and frame intervals far in the future (even the largest `Duration`)
  /// arm the run loop's timer for "practically never" instead of trapping.
  @Test func farFutureDeadlinesDoNotTrapTheRunLoop() async throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let screen = SizeScreen()
    let application = CursesApplication(root: screen, options: options(pty))
    application.onUnhandledKey = { application, key in
      if key == "q" { application.quit() }
    }
    var fired = false
    application.stage.scheduler.schedule(after: .seconds(Int.max)) { fired = true }
    application.stage.scheduler.schedule(after: Duration(attoseconds: .max)) { fired = true }
    application.frameInterval = Duration(attoseconds: .max)
    let endedByItself = try await run(application, on: pty, once: "size 80x24") {
      pty.type("x")
      pty.type("q")
    }
    #expect(endedByItself)
    #expect(!fired)
  }

  /// A frame for posted work (a load's result) is written in the same turn.
  ///
  /// However recently the last frame was: only frames that timers alone ask for wait for the
  /// frame interval. With an interval of an hour, a result held back like a tick never shows.
  @Test func aPostedResultIsDrawnAtOnceWhileTimerFramesArePaced() async throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let screen = SizeScreen()
    let application = CursesApplication(root: screen, options: options(pty))
    application.frameInterval = .seconds(3600)
    application.onUnhandledKey = { application, key in
      if key == "q" { application.quit() }
    }
    let scheduler = application.stage.scheduler
    let ticks = Shared(0)
    let armedWhenIdle = Shared<Bool?>(nil)
    let endedByItself = try await run(application, on: pty, once: "size 80x24") {
      // Two ticks after the first frame: each changes the screen, neither may draw.
      scheduler.post {
        for delay in [20, 40] {
          scheduler.schedule(after: .milliseconds(delay)) {
            screen.note = "tick-\(delay)"
            ticks.value += 1
          }
        }
      }
      #expect(waitUntil(timeout: .seconds(10)) { ticks.value == 2 }, "the ticks never ran")
      #expect(
        !pty.eventuallyShows("tick-", timeout: .zero), "a frame for timers alone was not paced")
      scheduler.post { screen.note = "CHILD-TEXT" }
      #expect(pty.eventuallyShows("CHILD-TEXT"), "the posted result waited for the frame interval")
      // Nothing is due any more: the loop must not wake by itself.
      scheduler.post { armedWhenIdle.value = application.nextWakeDeadline != nil }
      #expect(waitUntil(timeout: .seconds(10)) { armedWhenIdle.value != nil })
      pty.type("q")
    }
    #expect(endedByItself)
    // The first frame and the result's: nothing in between, and nothing for the `q`.
    #expect(application.frameCount == 2)
    #expect(armedWhenIdle.value == false, "an idle application kept a deadline armed")
  }

}

/// The names of the process's threads, each with how many have it.
private func threadNames() -> [String: Int] {
  var names: [String: Int] = [:]
  guard let tasks = opendir("/proc/self/task") else { return names }
  defer { closedir(tasks) }
  while let entry = readdir(tasks) {
    let id = withUnsafeBytes(of: entry.pointee.d_name) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    guard id.first?.isNumber == true, let file = fopen("/proc/self/task/\(id)/comm", "r") else {
      continue
    }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 64)
    guard fgets(&line, Int32(line.count), file) != nil else { continue }
    let name = String(
      decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    names[name, default: 0] += 1
  }
  return names
}

/// The descriptors this process has open, with what each refers to (such as `pipe:[1234]`).
private func openDescriptors() -> [Int32: String] {
  var open: [Int32: String] = [:]
  var target = [CChar](repeating: 0, count: 256)
  for descriptor in Int32(0)..<1024 {
    let count = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
    guard count > 0 else { continue }
    open[descriptor] = String(
      decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
  return open
}

/// A screen that shows the stage's size and the keys it was sent, and handles no key, so
/// every key reaches the application's handler.
private final class SizeScreen: Screen {
  private var keys = ""
  /// A line of text under the keys.
  var note = "" {
    didSet { setNeedsDisplay() }
  }

  override func layoutChildren() {
    setNeedsDisplay()
  }

  override func handle(_ key: Key) -> Bool {
    keys += key.description
    setNeedsDisplay()
    return false
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("size \(bounds.width)x\(bounds.height)", at: .zero)
    canvas.drawText(keys, at: Point(x: 0, y: 1))
    canvas.drawText(note, at: Point(x: 0, y: 2))
  }
}

/// A value shared between the test and the threads it starts.
private final class Shared<Value: Sendable>: Sendable {
  private let storage: Locked<Value>
  init(_ value: Value) { storage = Locked(value) }
  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

/// The embedding host's descriptor and timeout, for programs with their own `poll` loop.
extension CursesSessionTests {
  @Test func anEmbeddedHostsPollTimeoutRoundsUpAndSaturates() throws {
    try withHostProgram { window in
      let clock = VirtualClock()
      let host = try EmbeddedHost(
        root: Screen(), window: window, palette: CursesPalette(),
        scheduler: Scheduler(clock: ScreenClock(clock)))
      defer { host.close() }
      let scheduler = host.stage.scheduler
      #expect(host.pollTimeout == -1)
      let soon = scheduler.schedule(after: .microseconds(1500)) {}
      #expect(host.pollTimeout == 2)
      scheduler.cancel(soon)
      let far = scheduler.schedule(after: .seconds(Int.max)) {}
      #expect(host.pollTimeout == Int32.max)
      scheduler.cancel(far)
      scheduler.schedule(after: Duration(attoseconds: .max)) {}
      #expect(host.pollTimeout == Int32.max)
      clock.advance(to: .init(offset: .seconds(1)))
      scheduler.schedule(after: .zero) {}
      #expect(host.pollTimeout == 0)
    }
  }

  /// The wake pipe lives as long as the host, also after `close()`; freeing the host closes it,
  /// and work posted afterwards (by a load still running) writes to no descriptor.
  @Test(arguments: [true, false])
  func anEmbeddedHostsWakeDescriptorLivesAsLongAsTheHost(closedFirst: Bool) throws {
    try withHostProgram { window in
      let scheduler = Scheduler()
      var host: EmbeddedHost? = try EmbeddedHost(
        root: Screen(), window: window, palette: CursesPalette(), scheduler: scheduler)
      let descriptor = try #require(host?.wakeDescriptor)
      let pipe = try #require(openDescriptors()[descriptor])
      if closedFirst { host?.close() }
      #expect(openDescriptors()[descriptor] == pipe)
      host = nil
      #expect(openDescriptors()[descriptor] != pipe, "the wake pipe outlived its host")
      // NB: a new pipe likely takes the freed number; a late post must not write into it.
      var ends: [Int32] = [-1, -1]
      #expect(systemPipe(&ends) == 0)
      defer {
        systemClose(ends[0])
        systemClose(ends[1])
      }
      scheduler.post {}
      var reader = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
      #expect(poll(&reader, 1, 0) == 0)
      scheduler.runDue()
    }
  }
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
@discardableResult private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemPipe(_ descriptors: UnsafeMutablePointer<Int32>?) -> Int32 { pipe(descriptors) }
