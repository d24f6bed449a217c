import ScreenKit
import ScreenKitSimulation
import ScreenKitTerminal
import Testing

@testable import ScreenKitSSH

/// One session on the main actor, over a transport that records what the client would get.
@MainActor
@Suite struct SessionDriverTests {
  let transport = RecordingTransport()

  func driver(limits: SessionLimits = .standard, ended: @escaping @Sendable () -> Void = {})
    -> SessionDriver
  {
    SessionDriver(
      transport: transport, limits: limits,
      makeRoot: { session in GreetingScreen(user: session.user) }, onEnd: ended)
  }

  @Test func aSessionShowsItsScreenOnTheAlternateScreenAndGivesTheTerminalBack() async {
    let driver = driver()
    driver.post(.start(.shell()))
    #expect(await eventually { transport.text.contains("Hello ada") })
    #expect(transport.text.hasPrefix("\u{1B}[?1049h"))
    #expect(transport.text.contains("Size 80x24"))
    driver.post(.input(Array("x".utf8)))
    #expect(await eventually { transport.text.contains("xxxxxx") })
    driver.post(.input(Array("q".utf8)))
    #expect(await eventually { transport.finished != nil })
    let restore = String(decoding: transport.finished?.bytes ?? [], as: UTF8.self)
    #expect(restore.contains("\u{1B}[?1049l"))
    #expect(restore.contains("\u{1B}[?25h"))
    #expect(restore.contains(TerminalMode.allOffSequences))
    #expect(transport.finished?.status == 0)
    #expect(driver.isEnded)
  }

  /// A row of the accessible session's list.
  private struct Row: ListRowDisplayable {
    var title: String
    var detail: String?
  }

  @Test func aClientThatAsksForTheAccessibleModeGetsLinesNeverAGrid() async {
    let driver = SessionDriver(
      transport: transport, limits: .standard,
      makeRoot: { _ in
        let list = ListScreen(rows: [
          Row(title: "Swift Basics"), Row(title: "Concurrency", detail: "2017-06-16"),
        ])
        list.title = "Episodes"
        return list
      }, onEnd: {})
    driver.post(.start(.shell(environment: ["SCREENKIT_ACCESSIBLE": "1"])))
    #expect(
      await eventually { transport.text == "Episodes, list, 2 items, 1 of 2: Swift Basics\r\n" })
    #expect(driver.session?.isAccessible == true)
    driver.post(.input(Array("\u{1B}[B".utf8)))
    #expect(await eventually { transport.text.hasSuffix("\r\nConcurrency\r\n") })
    driver.post(.input([0x0C]))  // Ctrl-L: where am I
    #expect(
      await eventually {
        transport.text.hasSuffix("\r\nEpisodes, list, 2 items, 2 of 2: Concurrency, 2017-06-16\r\n")
      })
    #expect(!transport.text.contains("\u{1B}"), "no alternate screen, no cursor, no style")
    driver.post(.input(Array("q".utf8)))
    #expect(await eventually { transport.finished != nil })
    #expect(transport.finished?.bytes == [], "nothing of the terminal to give back")
  }

  /// A key's frame (as a spinner's) is drawn in the turn that took the key: the stage needing a
  /// frame then schedules no second turn, which was a task and a turn per frame and session.
  @Test func aFrameNeededInATurnIsDrawnInThatTurnWithNoOtherScheduled() async {
    let driver = driver()
    driver.post(.start(.shell()))
    #expect(await eventually { transport.text.contains("Hello ada") && !driver.isTurnScheduled })
    driver.post(.input(Array("x".utf8)))
    // NB: the turn the post scheduled, run here, with no suspension before the checks.
    driver.pump()
    #expect(transport.text.contains("xxxxxx"))
    #expect(!driver.isTurnScheduled)
  }

  @Test func aWindowChangeLaysTheScreensOutAgain() async {
    let driver = driver()
    driver.post(.start(.shell()))
    #expect(await eventually { transport.text.contains("Size 80x24") })
    driver.post(.resize(width: 120, height: 40))
    #expect(await eventually { transport.text.contains("Size 120x40") })
    #expect(driver.session?.size == Size(width: 120, height: 40))
  }

  @Test(arguments: [(0, 0, 80, 24), (100_000, 100_000, 500, 200), (-5, 3, 80, 3)])
  func aSizeOfNothingOrOfAHundredThousandCellsIsBounded(
    width: Int, height: Int, shownWidth: Int, shownHeight: Int
  ) async {
    let driver = driver()
    driver.post(.start(.shell(width: width, height: height)))
    #expect(await eventually { transport.text.contains("Size \(shownWidth)x\(shownHeight)") })
    driver.post(.resize(width: width, height: height))
    driver.post(.input(Array("k".utf8)))
    #expect(await eventually { transport.text.contains("kkkkkk") })
    #expect(driver.session?.size == Size(width: shownWidth, height: shownHeight))
  }

  @Test func theColoursFollowTheClientsTerminal() async {
    let driver = driver()
    driver.post(.start(.shell(term: "vt100", environment: ["COLORTERM": "truecolor"])))
    #expect(await eventually { driver.session != nil })
    #expect(driver.session?.colorDepth == .direct)
    #expect(ColorDepth(terminalType: "xterm-256color") == .palette256)
    #expect(ColorDepth(terminalType: "screen") == .sixteen)
    #expect(ColorDepth(terminalType: "vt100") == .monochrome)
    #expect(ColorDepth(terminalType: "xterm-256color", noColor: "1") == .monochrome)
  }

  @Test func aClientThatStopsReadingGetsMergedFramesWithinTheBound() async {
    var limits = SessionLimits.standard
    limits.outputBytesInFlight = 64
    let driver = driver(limits: limits)
    transport.hold(true)
    driver.post(.start(.shell()))
    #expect(await eventually { transport.text.contains("Hello ada") })
    let writes = transport.writes
    for key in "abcdefghij" { driver.post(.input(Array(String(key).utf8))) }
    #expect(await eventually { driver.framesHeld >= 1 })
    // NB: the set-up and the first frame went out; nothing more until the client reads.
    #expect(transport.writes == writes)
    #expect(transport.mostBytesHeld <= limits.outputBytesInFlight + 80 * 24 * 32)
    let offset = transport.byteCount
    transport.hold(false)
    #expect(await eventually { transport.text(from: offset).contains("jjjjjj") })
    // The frames in between were merged into one: the keys a to i never went out.
    #expect(!transport.text.contains("eeeeee"))
  }

  @Test func controlCharactersOfTheClientNeverReachTheScreen() {
    #expect(ClientText.printable("ada\u{1B}[2J\u{07}") == "ada\\u{1b}[2J\\u{7}")
    #expect(ClientText.printable(String(repeating: "a", count: 1000)).count == 256)
    #expect(ClientText.terminalType("xterm\u{1B}]0;x") == "unknown")
    #expect(ClientText.terminalType(String(repeating: "x", count: 65)) == "unknown")
    #expect(ClientText.terminalType("xterm-256color") == "xterm-256color")
  }

  @Test func anEndingSessionCountsItselfOutOnce() async {
    let ends = Counter()
    let driver = driver(ended: { ends.increment() })
    driver.post(.start(.shell()))
    #expect(await eventually { transport.text.contains("Hello") })
    driver.post(.end(.ended(exitStatus: 0, message: "The server is shutting down.")))
    driver.post(.end(.clientGone))
    #expect(await eventually { transport.finished != nil })
    #expect(await eventually { ends.value == 1 })
    let last = String(decoding: transport.finished?.bytes ?? [], as: UTF8.self)
    #expect(last.hasSuffix("\u{1B}[?1049l\r\nThe server is shutting down.\r\n"))
  }

  @Test func aClientThatWentAwayGetsNothingMore() async {
    let driver = driver()
    driver.post(.start(.shell()))
    #expect(await eventually { transport.text.contains("Hello") })
    driver.post(.end(.clientGone))
    #expect(await eventually { transport.finished != nil })
    #expect(transport.finished?.bytes == [])
  }

  @Test func anIdleSessionEndsWithItsTerminalRestored() async {
    var limits = SessionLimits.standard
    limits.idleTimeout = .seconds(60)
    let driver = driver(limits: limits)
    let clock = transport.clock
    driver.post(.start(.shell()))
    #expect(await eventually { transport.text.contains("Hello ada") && clock.sleeperCount == 1 })
    // A key at 30 s puts the end off: the check at 60 s sets itself again for 90 s.
    clock.advance(to: .init(offset: .seconds(30)))
    driver.post(.input(Array("x".utf8)))
    #expect(await eventually { transport.text.contains("xxxxxx") })
    clock.advance(to: .init(offset: .seconds(60)))
    #expect(await eventually { clock.nextSleeperDeadline == .init(offset: .seconds(90)) })
    #expect(transport.finished == nil)
    clock.advance(to: .init(offset: .seconds(90)))
    #expect(await eventually { transport.finished != nil })
    let last = String(decoding: transport.finished?.bytes ?? [], as: UTF8.self)
    #expect(last.contains("\u{1B}[?1049l"))
    #expect(last.contains("Idle for"))
    // NB: the driver's timers hold it weakly, as a channel's do; without a use after the
    // wait, the driver may be released before its idle check (it was, under the thread
    // sanitizer), and nothing ends the session.
    withExtendedLifetime(driver) {}
  }
}
