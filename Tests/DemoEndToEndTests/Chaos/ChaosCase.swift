#if os(Linux)
  import Foundation
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif
  import TerminalProcess

  /// Runs one ``ChaosScenario`` against the built demo on a fresh pty and checks what the user
  /// is left with: the terminal's modes byte for byte as before, the alternate screen left, the
  /// cursor visible, no other mode left on, nothing drawn on the shell's screen, no process
  /// left, and the documented exit status.
  ///
  /// Every wait has a deadline and reads the pty meanwhile; the only plain waits are the
  /// scenario's own pauses (real time passing for a real process, at most 600 ms each).
  struct ChaosCase {
    /// The case.
    let scenario: ChaosScenario
    /// The demo executable.
    let executable: String

    /// How the case went.
    struct Outcome {
      /// What went wrong, one message per failed check; empty when the case passed.
      var failures: [String] = []
      /// How the demo ended, when it did.
      var status: WaitStatus?
      /// Time from the ending action to the demo's end.
      var endingTime: Duration?
      /// The bytes the demo wrote.
      var transcript = TerminalTranscript(bytes: [])
      /// What the demo wrote to standard error.
      var standardError = ""
    }

    private static let environment = [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
      // A crash must end the case with its signal, not wait for a key in the backtracer.
      "SWIFT_BACKTRACE": "enable=no",
    ]

    /// Runs the case.
    func run() -> Outcome {
      var outcome = Outcome()
      let terminal: PseudoTerminal
      let before: TerminalModes
      let job: TerminalJob
      do {
        terminal = try PseudoTerminal(size: scenario.size)
        try terminal.setModes(terminal.modes().echoing(scenario.echoes))
        before = try terminal.modes()
        job = try TerminalJob(
          executable: executable, arguments: scenario.arguments, environment: Self.environment,
          terminal: terminal, hangup: scenario.ending.hangupHandling,
          by: Deadline(after: .seconds(10)))
      } catch {
        outcome.failures.append("could not start the demo: \(error)")
        return outcome
      }
      defer { job.kill() }
      outcome.failures += play(job, before: before)
      let ending = finish(job, before: before)
      outcome.failures += ending.failures
      outcome.status = job.ending
      outcome.endingTime = ending.time
      outcome.transcript = TerminalTranscript(bytes: terminal.output)
      outcome.standardError = job.standardError()
      return outcome
    }

    /// Waits for the first frame, then takes the steps; stops early if the demo ends.
    private func play(_ job: TerminalJob, before: TerminalModes) -> [String] {
      let entered = job.wait(until: Deadline(after: .seconds(15))) { job in
        job.ending != nil || job.terminal.output.contains(sequence: Self.enterAlternateScreen)
      }
      guard entered, job.ending == nil else {
        return ["the demo did not draw its first frame (entering the alternate screen) in time"]
      }
      for (index, step) in scenario.steps.enumerated() {
        do {
          try take(step, job, before: before)
        } catch {
          return ["step \(index + 1) (\(step)): \(error)"]
        }
        if let status = job.ending {
          return ["the demo ended early, \(status), during step \(index + 1) (\(step))"]
        }
      }
      return []
    }

    private func take(_ step: ChaosStep, _ job: TerminalJob, before: TerminalModes) throws {
      let terminal = job.terminal
      switch step {
      case .keys(let keys):
        try terminal.write(Array(keys.map(\.bytes).joined().utf8), by: Deadline(after: .seconds(5)))
      case .paste(let text):
        let bytes = Array("\u{1b}[200~\(text)\u{1b}[201~".utf8)
        try terminal.write(bytes, by: Deadline(after: .seconds(5)))
      case .resize(let size):
        try terminal.resize(to: size)
      case .suspend(let pause):
        try suspend(job, pausing: pause, before: before)
      case .wait(let duration):
        // A real pause: the demo is a real process whose loads take real time.
        job.wait(until: Deadline(after: duration)) { $0.ending != nil }
      }
    }

    /// Ctrl-Z and `fg`: while stopped, the shell must have its terminal back.
    private func suspend(_ job: TerminalJob, pausing pause: Duration, before: TerminalModes) throws
    {
      job.signalGroup(SIGTSTP)
      let stopped = job.wait(until: Deadline(after: .seconds(5))) {
        $0.isStopped || $0.ending != nil
      }
      guard job.ending == nil else { return }
      guard stopped else { throw ChaosFailure("SIGTSTP did not stop the demo within 5 s") }
      var problems: [String] = []
      let modes = try job.terminal.modes()
      if modes != before {
        problems.append(
          "modes differ while stopped: " + modes.differences(from: before).joined(separator: ", "))
      }
      problems += TerminalTranscript(bytes: job.terminal.output).modesLeftSet()
        .map { "while stopped: \($0)" }
      // A real pause while stopped, as a user at the shell prompt makes.
      job.wait(until: Deadline(after: pause)) { $0.ending != nil }
      let resumedFrom = job.terminal.output.count
      job.signalGroup(SIGCONT)
      let continued = job.wait(until: Deadline(after: .seconds(5))) { job in
        if case .continued = job.changes.last { return true }
        return job.ending != nil
      }
      if !continued { problems.append("SIGCONT did not continue the demo within 5 s") }
      // Like a user after `fg`, type again only once the demo's screen is back: until the demo
      // sets its modes again the terminal still echoes, onto the shell's screen, what is typed.
      let redrawn = job.wait(until: Deadline(after: .seconds(5))) { job in
        job.ending != nil
          || Array(job.terminal.output[resumedFrom...]).contains(
            sequence: Self.enterAlternateScreen)
      }
      if continued && !redrawn {
        problems.append("the demo did not enter the alternate screen again within 5 s of SIGCONT")
      }
      if !problems.isEmpty { throw ChaosFailure(problems.joined(separator: "; ")) }
    }

    /// Ends the demo the scenario's way and checks what is left.
    private func finish(_ job: TerminalJob, before: TerminalModes) -> (
      failures: [String], time: Duration?
    ) {
      let terminal = job.terminal
      var failures: [String] = []
      var time: Duration?
      var ended = true
      if job.ending == nil {
        let start = ContinuousClock.now
        do {
          try end(job)
        } catch {
          failures.append("ending (\(scenario.ending)): \(error)")
        }
        if let status = job.waitForEnding(by: Deadline(after: .seconds(5))) {
          time = ContinuousClock.now - start
          // The hangup test holds the 100 ms budget on a quiet machine; this one, run on a busy
          // one, catches a program that spins or waits instead of ending.
          if case .hangup = scenario.ending, let time, time > .seconds(1) {
            failures.append("a hangup took \(time.milliseconds) ms to end the demo")
          }
          if !scenario.ending.accepts(status) {
            failures.append(
              "after \(scenario.ending) the demo \(status); documented: \(scenario.ending.documentedStatus)"
            )
          }
        } else {
          failures.append(
            "the demo did not end within 5 s of \(scenario.ending)\(Self.activity(of: job.pid))")
          ended = false
        }
      }
      // Whatever the demo forked must be gone with it (the session leader stays until released).
      var left = ended ? job.processesLeft() : []
      if !left.isEmpty {
        _ = job.wait(until: Deadline(after: .seconds(2))) { job in
          left = job.processesLeft()
          return left.isEmpty
        }
        if !left.isEmpty {
          failures.append("processes left: " + left.map(\.description).joined(separator: "; "))
          job.kill()
        }
      }
      // A demo that did not end is killed: what SIGKILL leaves is not the demo's to answer for.
      if !ended { job.kill() }
      let hungUp = terminal.leader < 0
      if !hungUp && ended {
        do {
          let after = try terminal.modes()
          if after != before {
            failures.append(
              "terminal modes changed: " + after.differences(from: before).joined(separator: ", "))
          }
        } catch {
          failures.append("cannot read the modes afterwards: \(error)")
        }
      }
      // With every copy of the follower closed, reading to the end yields every byte written.
      terminal.closeFollower()
      if let leader = job.end(by: Deadline(after: .seconds(5))), leader != .exited(0), left.isEmpty,
        ended
      {
        failures.append("the session leader \(leader)")
      }
      terminal.wait(until: Deadline(after: .seconds(5))) { _ in false }
      let transcript = TerminalTranscript(bytes: terminal.output)
      if !hungUp && ended {
        failures += transcript.modesLeftSet()
      }
      if !scenario.echoes {
        failures += transcript.drawingOnTheMainScreen().prefix(3).map {
          "drawn on the shell's screen: \($0)"
        }
      }
      return (failures, time)
    }

    private func end(_ job: TerminalJob) throws {
      switch scenario.ending {
      case .quit:
        // An Escape typed last (whatever came after it typed nothing) could make this Alt-q: like a
        // person, pause after it until the demo has read it and its 25 ms ESCDELAY has passed.
        let typing = scenario.steps.last { $0.kind == .keys || $0.kind == .pastes }
        if case .keys(let keys) = typing, keys.last?.bytes == "\u{1b}" {
          job.wait(until: Deadline(after: .seconds(5))) { job in
            (try? job.terminal.unreadInput()) == 0 || job.ending != nil
          }
          job.wait(until: Deadline(after: .milliseconds(150))) { $0.ending != nil }
        }
        try job.terminal.write(Array("q".utf8), by: Deadline(after: .seconds(5)))
      case .signal(let signal):
        job.signal(signal)
      case .hangup:
        job.terminal.drain()
        job.terminal.hangUp()
      }
    }

    /// What a process that should have ended is doing: its state, the processor time it used
    /// (a spinning loop shows here) and where it waits in the kernel.
    private static func activity(of pid: Int32) -> String {
      guard let entry = ProcessTable.entry(pid) else { return "" }
      let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
      let channels = tasks.sorted().map { task in
        (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "?"
      }
      return "; it is in state \(entry.state), its threads wait in "
        + "\(channels.map { $0.isEmpty ? "-" : $0 }.joined(separator: ", ")), "
        + "and it used \(entry.processorTime.milliseconds) ms of CPU in all"
    }

    private static let enterAlternateScreen = Array("\u{1b}[?1049h".utf8)
  }

  /// A check that failed during a step, with its message.
  struct ChaosFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
      self.description = description
    }
  }

  extension Array where Element == UInt8 {
    /// Whether `sequence` occurs in these bytes.
    func contains(sequence: [UInt8]) -> Bool {
      guard sequence.count <= count else { return false }
      return (0...(count - sequence.count)).contains { start in
        self[start..<(start + sequence.count)].elementsEqual(sequence)
      }
    }
  }
#endif
