import ScreenKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `Benchmarks [--quick] [--json FILE] [--only NAME[,NAME...]] [--verbose]`: runs every
/// scenario through the ncurses backend on a pseudo-terminal and prints a table, then JSON
/// (to FILE with `--json`, else after the table).
///
/// `Benchmarks --speech` runs the manual speech benchmark of the accessible mode instead
/// (`SpeechBenchmark`, needs espeak-ng).
@main
enum BenchmarkMain {
  static func main() async {
    var settings = RunSettings(quick: false, verbose: false)
    var jsonPath: String?
    var only: Set<String>?
    var arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "--probe-memory", arguments.count == 3 {
      let values = Array(arguments)
      exit(MemoryProbe.runProbe(kind: values[1], count: Int(values[2]) ?? 1000))
    }
    while let argument = arguments.popFirst() {
      switch argument {
      case "--speech": exit(SpeechBenchmark.run())
      case "--quick": settings.quick = true
      case "--verbose": settings.verbose = true
      case "--json": jsonPath = arguments.popFirst()
      case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
      case "--help", "-h":
        print("usage: Benchmarks [--quick] [--json FILE] [--only NAME,...] [--verbose] | --speech")
        print("scenarios: " + scenarios.map(\.name).joined(separator: ", "))
        return
      default:
        log("Benchmarks: unknown argument \(argument)")
        exit(2)
      }
    }
    let machine = Machine.current()
    let started = Clocks.monotonic()
    var figures: [Figure] = []
    for scenario in scenarios where only?.contains(scenario.name) ?? true {
      let begin = Clocks.monotonic()
      log("== \(scenario.name)")
      figures += await scenario.run(settings)
      log("   \(format((Clocks.monotonic() - begin).seconds)) s")
    }
    let elapsed = Clocks.monotonic() - started
    print(
      "ScreenKit benchmarks (\(settings.quick ? "quick" : "full"), \(machine.build) build) on "
        + "\(machine.cpuModel), \(machine.cores) cores, Linux \(machine.kernel); "
        + "\(format(elapsed.seconds)) s")
    print("")
    let comparisons = scenarios.filter { only?.contains($0.name) ?? true }.flatMap(
      \.comparisonTables)
    if !comparisons.isEmpty {
      print(
        "Measured from outside the process (ratios to C + ncurses, in the inline table to rich "
          + "too, from the same runs):")
      for table in comparisons {
        print("")
        print(table.text)
      }
      print("")
      print("All figures (in-process scenarios measure from a timer to doupdate):")
      print("")
    }
    print(TablePrinter.text(figures))
    print("")
    let json = JSONWriter.document(figures, machine: machine, quick: settings.quick)
    if let jsonPath {
      write(json, to: jsonPath)
    } else {
      print(json)
    }
    if settings.verbose {
      for table in comparisons { print(table.markdown + "\n") }
      print(TablePrinter.markdown(figures))
    }
  }

  @MainActor
  static let scenarios: [any Scenario] = [
    OutsideScenario(), OutsideScenario.runLoops, InlineScenario(), SpinnerFrameScenario(),
    NcursesReferenceScenario(), WakeupScenario(),
    LoadLatencyScenario(),
    StartupScenario(), ScreenCountScenario(), ListRedrawScenario(), VariantScenario(),
    LoadCacheScenario(), KeyedLoadScenario(), FuzzyMatchScenario(), PickScenario(),
  ]

  private static func write(_ text: String, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      log("Benchmarks: cannot write \(path)")
      exit(1)
    }
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }
}

// NB: at file scope these name the C library's functions, which members of the same name hide
// inside the types above; a module-qualified call would name one C library only.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
