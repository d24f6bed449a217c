#if os(Linux)
  import ScreenKitSimulation
  import TerminalProcess

  /// One chaos case, drawn from its seed: the demo's flags and window, the steps, the ending.
  struct ChaosScenario: CustomStringConvertible {
    /// The seed everything was drawn from.
    let seed: UInt64
    /// The loading variant under test.
    let variant: LoadingVariant
    /// The window size the demo starts in.
    let size: WindowSize
    /// Whether the shell's modes echo typed input.
    ///
    /// Without echo, every byte outside the
    /// alternate screen is the demo's own, so only then is drawing on the shell's screen
    /// checked; with echo, keys typed just before a stop are echoed there by the kernel.
    let echoes: Bool
    /// The demo's arguments.
    let arguments: [String]
    /// What happens, in order.
    let steps: [ChaosStep]
    /// How it ends.
    let ending: ChaosEnding

    /// Draws a case from `seed`, using only `actions` and `endings`.
    init(
      seed: UInt64, variant: LoadingVariant, actions: Set<ChaosStep.Kind>, endings: [ChaosEnding]
    ) {
      var random = SeededRandom(seed: seed)
      self.seed = seed
      self.variant = variant
      let size = WindowSize(
        width: Int.random(in: 20...120, using: &random),
        height: Int.random(in: 6...40, using: &random))
      self.size = size
      echoes = Bool.random(using: &random)
      // Short loads, often failing, so that loads finish, fail and get retried within a case.
      let latency = Int.random(in: 50...400, using: &random)
      arguments = [
        "--variant", variant.rawValue,
        "--latency", "\(Double(latency) / 1000)",
        "--fail-rate", Self.any(["0", "0.25", "0.5", "1"], using: &random),
        "--fail-first", "\(Int.random(in: 0...2, using: &random))",
        "--seed", "\(Int.random(in: 0...9999, using: &random))",
        "--spinner", Self.any(["dots", "line", "ellipsis", "ascii"], using: &random),
      ]
      let weighted: [(ChaosStep.Kind, Int)] = [
        (.keys, 40), (.pastes, 12), (.resizes, 18), (.suspends, 10), (.waits, 20),
      ].filter { actions.contains($0.0) }
      var steps: [ChaosStep] = []
      if !weighted.isEmpty {
        for _ in 0..<Int.random(in: 6...16, using: &random) {
          steps.append(Self.step(Self.pick(weighted, using: &random), size, latency, &random))
        }
      }
      self.steps = steps
      let quits = endings.filter { $0 == .quit }
      let hangups = endings.filter { !$0.leavesATerminal }
      let signals = endings.filter { if case .signal = $0 { return true } else { return false } }
      let groups = [(quits, 30), (hangups, 20), (signals, 50)].filter { !$0.0.isEmpty }
      ending = Self.any(Self.pick(groups, using: &random), using: &random)
    }

    /// One element of a non-empty array.
    private static func any<Value>(_ values: [Value], using random: inout SeededRandom) -> Value {
      values[Int.random(in: 0..<values.count, using: &random)]
    }

    private static func pick<Value>(
      _ weighted: [(Value, Int)], using random: inout SeededRandom
    ) -> Value {
      var roll = Int.random(in: 0..<weighted.map(\.1).reduce(0, +), using: &random)
      for (value, weight) in weighted {
        if roll < weight { return value }
        roll -= weight
      }
      return weighted[weighted.count - 1].0
    }

    private static func step(
      _ kind: ChaosStep.Kind, _ initial: WindowSize, _ latency: Int, _ random: inout SeededRandom
    ) -> ChaosStep {
      switch kind {
      case .keys:
        let count = Int.random(in: 1...4, using: &random)
        return .keys((0..<count).map { _ in Self.any(ChaosStep.keyboard, using: &random) })
      case .pastes:
        let count = Int.random(in: 1...4, using: &random)
        let text = (0..<count).map { _ in Self.any(ChaosStep.pasteFragments, using: &random) }
        return .paste(text.joined(separator: " "))
      case .resizes:
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25: return .resize(WindowSize(width: 1, height: 1))
        case 25..<50:
          return .resize(
            WindowSize(
              width: Int.random(in: 1...8, using: &random),
              height: Int.random(in: 1...4, using: &random)))
        case 50..<85:
          return .resize(
            WindowSize(
              width: Int.random(in: 10...160, using: &random),
              height: Int.random(in: 3...50, using: &random)))
        default: return .resize(initial)
        }
      case .suspends:
        return .suspend(pause: .milliseconds(Int.random(in: 0...150, using: &random)))
      case .waits:
        // Up to one and a half loads, at most 600 ms: long enough for loads to land.
        return .wait(
          .milliseconds(Int.random(in: 10...min(600, latency * 3 / 2 + 10), using: &random)))
      }
    }

    var description: String {
      var lines = [
        "seed \(seed), \(variant) variant, \(size), echo \(echoes ? "on" : "off"): "
          + "Demo \(arguments.joined(separator: " "))"
      ]
      for (index, step) in steps.enumerated() {
        lines.append("  \(index + 1). \(step)")
      }
      lines.append("  ending: \(ending)")
      return lines.joined(separator: "\n")
    }
  }
#endif
