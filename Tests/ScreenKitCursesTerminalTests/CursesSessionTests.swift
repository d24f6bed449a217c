import CNCurses
import ScreenKit
import ScreenKitSimulation
import ScreenKitTerminal
import ScreenKitTesting
import Synchronization
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

/// Everything that needs ncurses in this process: one ncurses at a time, on the main actor.
@Suite(.serialized) @MainActor struct CursesSessionTests {
  init() {
    // NB: swift test sets NO_COLOR=1 when its output is not a terminal; these tests want
    // colours unless they ask otherwise. An override, not unsetenv: the environment of a
    // process whose threads read it must not change.
    Environment.overrides.withLock { $0["NO_COLOR"] = .some(nil) }
  }

  func openSession(
    _ pty: TerminalRecorder, terminalType: String = "xterm-256color", mouse: Bool = true
  ) throws -> CursesTerminal {
    var options = CursesTerminal.Options()
    options.inputDescriptor = pty.follower
    options.outputDescriptor = pty.follower
    options.terminalType = terminalType
    options.mouse = mouse
    return try CursesTerminal(options: options)
  }

  private func sampleGrid(size: Size) -> CellGrid {
    var canvas = Canvas(size: size)
    canvas.drawText("Hello, 世界!", at: Point(x: 0, y: 0), style: .bold)
    canvas.drawText("red", at: Point(x: 2, y: 1), style: Style(foreground: .red))
    canvas.drawText(
      "e\u{301}x", at: Point(x: 0, y: 2), style: Style(foreground: .indexed(208), background: .blue)
    )
    canvas.drawText("日本語", at: Point(x: size.width - 6, y: size.height - 1), style: .reverse)
    return canvas.grid
  }

  @Test func sessionOnPtySetsModesAndCloseRestoresThem() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let before = try pty.modes()
    let session = try openSession(pty)
    #expect(session.size == Size(width: 80, height: 24))
    let during = try pty.modes()
    #expect(!during.echoes)
    #expect(!during.isCanonical)
    #expect(during.generatesSignals, "cbreak keeps Ctrl-C a signal")
    session.close()
    #expect(try pty.modes() == before)
    #expect(pty.eventuallyShows("\u{1B}[?1049h"))
  }

  @Test func keySequencesComeFromTheTerminalDescription() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    // xterm's cursor keys in application mode, and Shift-F1 as ncurses names it.
    #expect(session.keySequences[Array("\u{1B}OA".utf8)] == .up)
    #expect(session.keySequences[Array("\u{1B}[3~".utf8)] == .delete)
    #expect(session.keySequences[Array("\u{1B}[1;2P".utf8)] == .function(13))
  }

  @Test(arguments: [
    ("xterm-256color", true, true), ("xterm-256color", false, false), ("cons25", true, false),
  ])
  func aSessionSaysWhetherItAsksForMouseReports(
    terminalType: String, mouseOption: Bool, reportsMouse: Bool
  ) throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty, terminalType: terminalType, mouse: mouseOption)
    defer { session.close() }
    #expect(session.reportsMouse == reportsMouse)
  }

  /// cons25, FreeBSD's console, names F1 `ESC [ M`, where xterm's legacy mouse reports begin;
  /// a decoder made from its session reads F1 and keeps the key typed with it.
  @Test func aDecoderMadeFromACons25SessionReadsF1AndTheKeyAfterIt() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty, terminalType: "cons25")
    defer { session.close() }
    var decoder = InputDecoder(
      sequences: session.keySequences, terminalReportsMouse: session.reportsMouse)
    #expect(
      decoder.decode(Array("\u{1B}[Mq".utf8), at: .zero) == [.key(.function(1)), .key("q")])
  }

  @Test func secondSessionInOneProcessIsRefused() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    #expect(throws: TerminalError.alreadyOpen) { try openSession(pty) }
  }

  /// Both kinds of session fail with one error type: a program catches one `TerminalError`.
  @Test func aSessionWithoutNcursesBesideOneWithItIsRefusedWithTheSameError() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    var options = ANSITerminal.Options()
    options.inputDescriptor = pty.follower
    options.outputDescriptor = pty.follower
    #expect(throws: TerminalError.alreadyOpen) { try ANSITerminal(options: options) }
  }

  @Test func gridWrittenToWindowReadsBackCellByCellIncludingCJK() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    let grid = sampleGrid(size: session.size)
    let writer = DiffingWriter(window: session.window, palette: session.palette)
    writer.write(grid, damage: [grid.bounds])
    session.update()

    for y in 0..<grid.size.height {
      #expect(rowText(session.window, y: y, width: grid.size.width) == grid.text(ofRow: y))
    }
    #expect(readBack(session.window, x: 7, y: 0).text == "世")
    #expect(readBack(session.window, x: 0, y: 0).attributes & sk_a_bold() != 0)
    #expect(readBack(session.window, x: 0, y: 2).text == "e\u{301}")
    let red = readBack(session.window, x: 2, y: 1)
    var foreground: Int32 = 0
    var background: Int32 = 0
    extended_pair_content(red.pair, &foreground, &background)
    #expect(red.pair > 0)
    #expect(foreground == 1 && background == -1, "pair \(red.pair): \(foreground) on \(background)")
    let orange = readBack(session.window, x: 0, y: 2)
    extended_pair_content(orange.pair, &foreground, &background)
    #expect(foreground == 208 && background == 4)
    #expect(readBack(session.window, x: 74, y: 23).attributes & sk_a_reverse() != 0)
    #expect(pty.eventuallyShows("世界"))
  }

  @Test func secondFrameChangingOneCellWritesOneCell() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    var grid = sampleGrid(size: session.size)
    let writer = DiffingWriter(window: session.window, palette: session.palette)
    writer.write(grid, damage: [grid.bounds])
    // A full repaint of the whole window: every cell that is not blank, less the continuation
    // cells of the wide graphemes 世界 and 日本語.
    let drawn = grid.cells.filter { !$0.isContinuation && $0 != .blank }.count
    #expect(writer.lastFrameCellCount == drawn)
    grid[40, 10] = Cell("X")
    writer.write(grid, damage: [grid.bounds])
    #expect(writer.lastFrameCellCount == 1)
    #expect(readBack(session.window, x: 40, y: 10).text == "X")
    writer.write(grid, damage: [grid.bounds])
    #expect(writer.lastFrameCellCount == 0)
  }

  @Test func aFullRepaintOfTheWholeWindowWritesOnlyWhatIsNotBlank() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    let writer = DiffingWriter(window: session.window, palette: session.palette)
    // A window full of text, then a full repaint of a frame that is blank but for one word.
    var full = CellGrid(size: session.size)
    for y in 0..<full.size.height {
      for x in 0..<full.size.width { full[x, y] = Cell("#") }
    }
    writer.write(full, damage: [full.bounds])
    var sparse = CellGrid(size: session.size)
    var canvas = Canvas(size: session.size)
    canvas.drawText("Loading…", at: Point(x: 36, y: 11), style: Style(foreground: .cyan))
    sparse = canvas.grid
    writer.invalidate()
    writer.write(sparse, damage: [sparse.bounds])
    #expect(writer.lastFrameCellCount == 8, "a blank cell costs nothing on a full repaint")
    for y in 0..<sparse.size.height {
      for x in 0..<sparse.size.width {
        let expected = sparse[x, y].character
        #expect(readBack(session.window, x: x, y: y).text == String(expected), "at \(x),\(y)")
      }
    }
  }

  @Test func cellsOutsideDamageAreNotWritten() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    let session = try openSession(pty)
    defer { session.close() }
    var grid = CellGrid(size: session.size)
    let writer = DiffingWriter(window: session.window, palette: session.palette)
    writer.write(grid, damage: [])
    grid[1, 1] = Cell("a")
    grid[5, 5] = Cell("b")
    writer.write(grid, damage: [Rect(x: 0, y: 0, width: 3, height: 3)])
    #expect(writer.lastFrameCellCount == 1)
    #expect(readBack(session.window, x: 5, y: 5).text == " ")
  }

  @Test func noColorWritesEveryCellWithPairZero() throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    Environment.overrides.withLock { $0["NO_COLOR"] = "1" }
    let session: CursesTerminal
    do {
      defer { Environment.overrides.withLock { $0["NO_COLOR"] = .some(nil) } }
      session = try openSession(pty)
    }
    defer { session.close() }
    #expect(session.palette.depth == .monochrome)
    let grid = sampleGrid(size: session.size)
    let writer = DiffingWriter(window: session.window, palette: session.palette)
    writer.write(grid, damage: [grid.bounds])
    #expect(readBack(session.window, x: 2, y: 1).pair == 0)
    #expect(readBack(session.window, x: 0, y: 0).attributes & sk_a_bold() != 0)
  }

  /// Runs `body` with the standard screen of an ncurses session opened on a fresh pty, the
  /// way a host program owns its `newterm`/`endwin`.
  func withHostProgram(_ body: (UnsafeMutablePointer<WINDOW>) throws -> Void) throws {
    let pty = try TerminalRecorder()
    defer { pty.close() }
    CursesTerminal.useUTF8Locale()
    let output = fdopen(dup(pty.follower), "w")
    let input = fdopen(dup(pty.follower), "r")
    let screen = try #require(newterm("xterm-256color", output, input))
    defer {
      endwin()
      delscreen(screen)
      fclose(output)
      fclose(input)
    }
    try body(try #require(sk_stdscr()))
  }

  @Test func twoEmbeddedHostsDrawTheirOwnContentIntoTheirOwnRegions() throws {
    try withHostProgram { window in
      start_color()
      use_default_colors()
      mvwaddstr(window, 0, 0, "host program's own row")
      let palette = CursesPalette()
      let left = try EmbeddedHost(
        root: LabelScreen("left 左"), window: window,
        region: Rect(x: 0, y: 2, width: 40, height: 10),
        palette: palette)
      let right = try EmbeddedHost(
        root: LabelScreen("right 右"), window: window,
        region: Rect(x: 40, y: 2, width: 40, height: 10), palette: palette)
      defer {
        left.close()
        right.close()
      }
      #expect(left.needsFrame && right.needsFrame)
      left.drawFrame()
      right.drawFrame()
      doupdate()
      #expect(!left.needsFrame && !right.needsFrame)
      #expect(rowText(window, y: 0, width: 22) == "host program's own row")
      #expect(rowText(window, y: 2, x: 0, width: 40).hasPrefix("left 左 "))
      #expect(rowText(window, y: 2, x: 40, width: 40).hasPrefix("right 右 "))
      #expect(rowText(window, y: 12, width: 80).allSatisfy { $0 == " " })

      right.handle(.key("x"))
      #expect(right.needsFrame && !left.needsFrame)
      right.drawFrame()
      #expect(right.writer.lastFrameCellCount == 1)
      #expect(rowText(window, y: 3, x: 40, width: 40).hasPrefix("x"))
      #expect(rowText(window, y: 3, x: 0, width: 40).allSatisfy { $0 == " " })
    }
  }

  @Test func anEmbeddedHostDecodesBytesAndResolvesALoneEscapeAtItsDeadline() throws {
    try withHostProgram { window in
      let clock = VirtualClock()
      let label = LabelScreen("bytes")
      let host = try EmbeddedHost(
        root: label, window: window, palette: CursesPalette(),
        scheduler: Scheduler(clock: ScreenClock(clock)))
      defer { host.close() }
      let bytes = Array("漢\u{1B}[B".utf8)
      #expect(!host.deliver(bytes: bytes[0..<2]))
      #expect(host.deliver(bytes: bytes[2...]))
      #expect(label.keys == ["漢", "↓"])
      #expect(host.deliver(bytes: [0x1B]) == false)
      #expect(host.nextDeadline == .milliseconds(25))
      clock.advance(to: .init(offset: .milliseconds(25)))
      host.tick()
      #expect(label.keys == ["漢", "↓", "Esc"])
    }
  }

  @Test func anEmbeddedHostResizedDownToNothingAndBackKeepsDrawing() throws {
    try withHostProgram { window in
      let navigation = NavigationScreen(root: LabelScreen("世界 wide"))
      let host = try EmbeddedHost(
        root: navigation, window: window, region: Rect(x: 0, y: 0, width: 20, height: 5),
        palette: CursesPalette())
      defer { host.close() }
      let regions = [
        Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 0, y: 0, width: 0, height: 0),
        Rect(x: 5, y: 5, width: 0, height: 3), Rect(x: 78, y: 22, width: 10, height: 10),
        Rect(x: 0, y: 0, width: 3, height: 2), Rect(x: 0, y: 0, width: 20, height: 5),
      ]
      for region in regions {
        host.move(to: window, region: region)
        host.drawFrame()
        doupdate()
      }
      #expect(rowText(window, y: 1, width: 20).hasPrefix("世界 wide"))
    }
  }

  @Test func embeddedHostRunsTimersFromTickAndWakesItsDescriptorForPostedWork() throws {
    try withHostProgram { window in
      let clock = VirtualClock()
      let label = LabelScreen("idle")
      let host = try EmbeddedHost(
        root: label, window: window, palette: CursesPalette(),
        scheduler: Scheduler(clock: ScreenClock(clock)))
      defer { host.close() }
      host.drawFrame()
      host.stage.scheduler.schedule(after: .seconds(1)) { label.text = "timer" }
      #expect(host.timeUntilNextDeadline == .seconds(1))
      #expect(host.tick() == 0)
      clock.advance(to: .init(offset: .seconds(1)))
      #expect(host.tick() == 1)
      #expect(host.needsFrame)

      var descriptor = pollfd(fd: host.wakeDescriptor, events: Int16(POLLIN), revents: 0)
      #expect(poll(&descriptor, 1, 0) == 0)
      host.stage.scheduler.post { label.text = "posted" }
      #expect(poll(&descriptor, 1, 0) == 1)
      #expect(host.tick() == 1)
      #expect(poll(&descriptor, 1, 0) == 0)
      host.drawFrame()
      #expect(rowText(window, y: 0, width: 6) == "posted")
    }
  }
}

/// A screen that shows one line of text and the last key it was sent on the next row.
private final class LabelScreen: Screen {
  var text: String {
    didSet { setNeedsDisplay() }
  }
  private var lastKey = ""
  private(set) var keys: [String] = []

  init(_ text: String) {
    self.text = text
    super.init()
  }

  override var canBecomeFocused: Bool { true }

  override func handle(_ key: Key) -> Bool {
    lastKey = key.description
    keys.append(key.description)
    setNeedsDisplay(in: Rect(x: 0, y: 1, width: 1, height: 1))
    return true
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText(text, at: .zero)
    canvas.drawText(lastKey, at: Point(x: 0, y: 1))
  }
}

/// A clock tests advance by hand.
