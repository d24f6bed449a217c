#if os(Linux)
  import Foundation
  import ScreenKitSimulation
  import TerminalProcess
  import Testing

  /// The standing chaos test: random sessions on a pty end with the terminal as the shell had it.
  ///
  /// The built demo, on a fresh pty as a shell's foreground job, gets seeded random interleavings of keys, bracketed pastes (CJK, and `q` that must not quit),
  /// resizes down to 1x1 and back, Ctrl-Z and `fg`, and pauses in which short, often failing
  /// loads land; then it ends by `q`, a terminating signal or a hangup. After every case the
  /// terminal must be as the shell had it and the exit status the documented one.
  ///
  /// CI runs 6 cases per loading variant; `SCREENKIT_CHAOS_CASES`, `SCREENKIT_CHAOS_SEED` and
  /// the other variables of ``ChaosConfiguration`` run any number, any seed, any subset.
  @Suite("Chaos on a pseudo-terminal")
  struct ChaosTests {
    @Test(
      "Random sessions leave the terminal as the shell had it", arguments: LoadingVariant.allCases)
    func randomSessionsLeaveTheTerminalAsTheShellHadIt(variant: LoadingVariant) async throws {
      let environment = ProcessInfo.processInfo.environment
      let configuration: ChaosConfiguration
      do {
        configuration = try ChaosConfiguration(environment: environment)
      } catch {
        Issue.record("\(error)")
        return
      }
      guard configuration.variants.contains(variant) else {
        print("chaos (\(variant)): skipped, SCREENKIT_CHAOS_VARIANTS leaves it out")
        return
      }
      let executable = try DemoBinary.require()
      var failedSeeds: [UInt64] = []
      var endings: [String: Int] = [:]
      var slowestHangup: Duration?
      for index in 0..<configuration.cases {
        let seed = configuration.seed &+ UInt64(index)
        let scenario = ChaosScenario(
          seed: seed, variant: variant, actions: configuration.actions,
          endings: configuration.endings)
        let outcome = await BackgroundThread.run {
          ChaosCase(scenario: scenario, executable: executable).run()
        }
        endings[scenario.ending.name, default: 0] += 1
        if case .hangup = scenario.ending, let time = outcome.endingTime {
          slowestHangup = max(slowestHangup ?? .zero, time)
        }
        guard !outcome.failures.isEmpty else { continue }
        failedSeeds.append(seed)
        if let directory = environment["SCREENKIT_CHAOS_TRANSCRIPTS"], !directory.isEmpty {
          let path = "\(directory)/chaos-\(variant)-\(seed).bytes"
          _ = FileManager.default.createFile(atPath: path, contents: Data(outcome.transcript.bytes))
        }
        let replay = [
          ChaosConfiguration.replayVariables(environment),
          "SCREENKIT_CHAOS_VARIANTS=\(variant) SCREENKIT_CHAOS_SEED=\(seed) SCREENKIT_CHAOS_CASES=1",
          "swift test --skip-build --filter ChaosTests",
        ].filter { !$0.isEmpty }.joined(separator: " ")
        let error = outcome.standardError.split(separator: "\n").suffix(5).joined(separator: "\n")
        Issue.record(
          Comment(
            rawValue: """
              chaos case failed: \(scenario)
              \(outcome.failures.map { "- \($0)" }.joined(separator: "\n"))
              last bytes: \(outcome.transcript.tail())
              standard error: \(error.isEmpty ? "(empty)" : error)
              replay: \(replay)
              """))
      }
      let tally = endings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        .joined(separator: ", ")
      print(
        "chaos (\(variant)): \(configuration.cases) cases ran from seed \(configuration.seed), "
          + "\(failedSeeds.count) failed\(failedSeeds.isEmpty ? "" : " (seeds \(failedSeeds.map(String.init).joined(separator: ", ")))"); "
          + "endings: \(tally.isEmpty ? "none" : tally)"
          + (slowestHangup.map { "; slowest hangup to end: \($0.milliseconds) ms" } ?? ""))
    }
  }
#endif
