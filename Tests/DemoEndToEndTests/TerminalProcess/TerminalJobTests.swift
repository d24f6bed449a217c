#if os(Linux)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif
  import TerminalProcess
  import Testing

  /// The pty machinery the chaos test stands on, tried with `cat` and `sh`: the job is the
  /// foreground group of its controlling terminal, job control and resizes reach it, hangups end
  /// it the way a shell's would, and whatever it leaves behind is found.
  @Suite("A program as a shell's foreground job on a pty")
  struct TerminalJobTests {
    private static let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]

    private func start(
      _ arguments: [String], on terminal: PseudoTerminal,
      hangup: TerminalJob.HangupHandling = .forward
    ) throws -> TerminalJob {
      try TerminalJob(
        executable: arguments[0], arguments: Array(arguments.dropFirst()),
        environment: Self.environment, terminal: terminal, hangup: hangup,
        by: Deadline(after: .seconds(10)))
    }

    private func text(_ terminal: PseudoTerminal) -> String {
      String(decoding: terminal.output, as: UTF8.self)
    }

    @Test func theJobLeadsTheForegroundGroupOfTheTerminalItsSessionControls() throws {
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      let job = try start(["/bin/cat"], on: terminal)
      defer { job.kill() }
      let entry = try #require(ProcessTable.entry(job.pid))
      #expect(entry.group == job.pid)
      #expect(entry.terminalGroup == job.pid)
      #expect(entry.session == job.session)
      #expect(entry.parent == job.session)
    }

    @Test func typedTextStopsContinuesAndTheEndingAreSeen() throws {
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      let job = try start(["/bin/cat"], on: terminal)
      defer { job.kill() }
      try terminal.write(Array("hello\n".utf8), by: Deadline(after: .seconds(5)))
      // Echoed by the terminal, then written back by cat: twice.
      #expect(
        job.wait(until: Deadline(after: .seconds(5))) { job in
          job.terminal.output.split(separator: UInt8(ascii: "\n")).count >= 2
        })
      job.signalGroup(SIGTSTP)
      #expect(job.wait(until: Deadline(after: .seconds(5))) { $0.isStopped })
      job.signalGroup(SIGCONT)
      #expect(job.wait(until: Deadline(after: .seconds(5))) { $0.changes.last == .continued })
      job.signal(SIGTERM)
      #expect(
        job.waitForEnding(by: Deadline(after: .seconds(5))) == .signaled(SIGTERM, coreDumped: false)
      )
      #expect(
        job.changes == [.stopped(SIGTSTP), .continued, .signaled(SIGTERM, coreDumped: false)])
      #expect(job.end(by: Deadline(after: .seconds(5))) == .exited(0))
    }

    @Test func aStopIsSeenWithEveryByteWrittenBeforeIt() throws {
      // The program writes, then stops itself: a check made once the stop is seen (the chaos
      // test's "while stopped") must find those bytes.
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      let rounds = 1000
      let script =
        "i=1; while [ $i -le \(rounds) ]; do printf '<%d>' $i; kill -STOP $$; i=$((i+1)); done"
      let job = try start(["/bin/sh", "-c", script], on: terminal)
      defer { job.kill() }
      // NB: the kernel keeps a child's latest state only, so a continue closely followed by
      // the next stop may be reported as the stop alone.
      var seen = 0
      for round in 1...rounds {
        try #require(
          job.wait(until: Deadline(after: .seconds(10))) { job in
            job.isStopped && job.changes.count > seen
          }, "round \(round): no stop")
        seen = job.changes.count
        #expect(
          text(terminal).hasSuffix("<\(round)>"),
          "round \(round): the stop was seen before the bytes written ahead of it")
        job.signalGroup(SIGCONT)
      }
    }

    @Test func aResizeReachesTheForegroundGroup() throws {
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      let job = try start(
        [
          "/bin/sh", "-c",
          "trap 'stty size; exit 0' WINCH; echo ready; while :; do sleep 0.05; done",
        ],
        on: terminal)
      defer { job.kill() }
      #expect(job.wait(until: Deadline(after: .seconds(5))) { text($0.terminal).contains("ready") })
      try terminal.resize(to: WindowSize(width: 100, height: 30))
      #expect(job.waitForEnding(by: Deadline(after: .seconds(5))) == .exited(0))
      #expect(text(terminal).contains("30 100"))
    }

    @Test func aHangupsSIGHUPIsForwardedToTheJobAsAShellDoes() throws {
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      // NB: sleep never reads the terminal, so only the forwarded signal can end it.
      let job = try start(["/bin/sleep", "30"], on: terminal, hangup: .forward)
      defer { job.kill() }
      terminal.hangUp()
      #expect(
        job.waitForEnding(by: Deadline(after: .seconds(5))) == .signaled(SIGHUP, coreDumped: false))
    }

    @Test func unforwardedTheJobLearnsOfAHangupOnlyFromItsTerminal() throws {
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      let sleeper = try start(["/bin/sleep", "30"], on: terminal, hangup: .ignore)
      defer { sleeper.kill() }
      terminal.hangUp()
      // A bounded look for something that must not happen.
      #expect(sleeper.waitForEnding(by: Deadline(after: .milliseconds(300))) == nil)
    }

    @Test func whatTheJobLeavesBehindIsFound() throws {
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      let job = try start(["/bin/sh", "-c", "sleep 30 & exit 0"], on: terminal)
      defer { job.kill() }
      #expect(job.waitForEnding(by: Deadline(after: .seconds(5))) == .exited(0))
      // NB: the forked shell is named sh until it has executed sleep.
      #expect(
        job.wait(until: Deadline(after: .seconds(5))) { job in
          job.processesLeft().map(\.command) == ["sleep"]
        })
    }

    @Test func whatTheJobLeftBehindIsReapedWhenItEnds() throws {
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      let job = try start(["/bin/sh", "-c", "sleep 0.2 & exit 0"], on: terminal)
      defer { job.kill() }
      #expect(job.waitForEnding(by: Deadline(after: .seconds(5))) == .exited(0))
      // Orphaned, the sleep goes to the session leader, which reaps it: no zombie stays.
      #expect(job.wait(until: Deadline(after: .seconds(5))) { $0.processesLeft().isEmpty })
    }

    @Test func aProgramThatCannotRunIsAnError() throws {
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      #expect(throws: TerminalProcessError.self) {
        _ = try start(["/nonexistent/program"], on: terminal)
      }
    }

    @Test func modesCompareByteForByteAndNameTheFieldsThatDiffer() throws {
      let terminal = try PseudoTerminal(size: WindowSize(width: 80, height: 24))
      let before = try terminal.modes()
      let job = try start(["/bin/sh", "-c", "stty raw -echo"], on: terminal)
      defer { job.kill() }
      #expect(job.waitForEnding(by: Deadline(after: .seconds(5))) == .exited(0))
      let after = try terminal.modes()
      #expect(after != before)
      #expect(after.differences(from: before).contains { $0.hasPrefix("c_lflag") })
      #expect(after.echoing(true).echoes && !after.echoes)
    }
  }
#endif
