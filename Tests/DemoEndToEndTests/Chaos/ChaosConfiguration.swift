#if os(Linux)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif
  import ScreenKitSimulation

  /// What the chaos test runs, read from the environment.
  ///
  ///
  /// - `SCREENKIT_CHAOS_CASES`: cases per variant (default 6, what CI runs).
  /// - `SCREENKIT_CHAOS_SEED`: the first case's seed, or `random` (default 20261122); case `i`
  ///   uses seed + i, so a failing case replays alone with its seed and a count of 1.
  /// - `SCREENKIT_CHAOS_VARIANTS`: `container`, `protocol` (comma-separated; default both).
  /// - `SCREENKIT_CHAOS_ENDINGS`: which endings to draw from, by name (`q`, `hangup`,
  ///   `hangup-unforwarded`, `INT`, `USR1`, ...), or `signals` for every signal (default all).
  /// - `SCREENKIT_CHAOS_ACTIONS`: `keys`, `pastes`, `resizes`, `suspends`, `waits` (default all).
  /// - `SCREENKIT_CHAOS_TRANSCRIPTS`: a directory where each failing case's bytes are written
  ///   (`chaos-VARIANT-SEED.bytes`), to read with `cat -v` or replay with `cat` in a terminal.
  struct ChaosConfiguration {
    /// Cases per variant.
    var cases = 6
    /// The first case's seed.
    var seed: UInt64 = 20_261_122
    /// The variants to run.
    var variants = Set(LoadingVariant.allCases)
    /// The endings a case may end with.
    var endings = ChaosEnding.all
    /// The kinds of step a case may take.
    var actions = Set(ChaosStep.Kind.allCases)

    /// Reads the environment; throws a one-line message naming a bad variable.
    init(environment: [String: String]) throws(ChaosConfigurationError) {
      if let text = environment["SCREENKIT_CHAOS_CASES"], !text.isEmpty {
        guard let count = Int(text), count >= 0 else {
          throw ChaosConfigurationError(
            "SCREENKIT_CHAOS_CASES must be a whole number ≥ 0, not \(text.debugDescription)")
        }
        cases = count
      }
      if let text = environment["SCREENKIT_CHAOS_SEED"], !text.isEmpty {
        if text == "random" {
          var time = timespec()
          clock_gettime(CLOCK_REALTIME, &time)
          seed = UInt64(time.tv_sec) &* 1_000_003 &+ UInt64(time.tv_nsec)
        } else if let number = UInt64(text) {
          seed = number
        } else {
          throw ChaosConfigurationError(
            "SCREENKIT_CHAOS_SEED must be a number or \"random\", not \(text.debugDescription)")
        }
      }
      if let text = environment["SCREENKIT_CHAOS_VARIANTS"], !text.isEmpty {
        variants = try Set(
          Self.names(text, "SCREENKIT_CHAOS_VARIANTS") { LoadingVariant(rawValue: $0).map { [$0] } }
        )
      }
      if let text = environment["SCREENKIT_CHAOS_ENDINGS"], !text.isEmpty {
        let chosen = try Set(
          Self.names(text, "SCREENKIT_CHAOS_ENDINGS") { name in
            if name == "signals" { return ChaosEnding.terminatingSignals.map(ChaosEnding.signal) }
            let bare = name.hasPrefix("SIG") ? String(name.dropFirst(3)) : name
            return ChaosEnding.all.first { $0.name == bare }.map { [$0] }
          })
        endings = ChaosEnding.all.filter(chosen.contains)
      }
      if let text = environment["SCREENKIT_CHAOS_ACTIONS"], !text.isEmpty {
        actions = try Set(
          Self.names(text, "SCREENKIT_CHAOS_ACTIONS") { ChaosStep.Kind(rawValue: $0).map { [$0] } })
      }
    }

    /// The variables that differ from the defaults, as a replay command line needs them.
    static func replayVariables(_ environment: [String: String]) -> String {
      ["SCREENKIT_CHAOS_ENDINGS", "SCREENKIT_CHAOS_ACTIONS"]
        .compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : "\(name)=\($0)" } }
        .joined(separator: " ")
    }

    private static func names<Value>(
      _ text: String, _ variable: String, _ parse: (String) -> [Value]?
    ) throws(ChaosConfigurationError) -> [Value] {
      var values: [Value] = []
      for name in text.split(separator: ",").map({ String($0).trimmingSpaces }) where !name.isEmpty
      {
        guard let parsed = parse(name) else {
          throw ChaosConfigurationError("\(variable): unknown name \(name.debugDescription)")
        }
        values += parsed
      }
      guard !values.isEmpty else { throw ChaosConfigurationError("\(variable) names nothing") }
      return values
    }
  }

  extension String {
    fileprivate var trimmingSpaces: String {
      String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
  }
#endif
