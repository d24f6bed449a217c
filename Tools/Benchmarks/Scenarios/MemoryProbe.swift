import ScreenKit
import ScreenKitSimulation
import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Memory per screen, measured where nothing else has touched the heap: this benchmark runs
/// itself as a child with `--probe-memory KIND COUNT`, which mounts COUNT screens of KIND on a
/// headless stage and prints its RSS growth per screen.
enum MemoryProbe {
  /// Runs the probe in a child process and returns bytes per screen.
  static func measureInChild(kind: String, count: Int) -> Double? {
    guard
      let child = try? ChildProcess(
        executable: ChildProcess.executablePath,
        arguments: ["--probe-memory", kind, String(count)], error: .discarded,
        environment: ["LANG": "C.UTF-8"]),
      child.end(by: Deadline(after: .seconds(10))) == .exited(0)
    else { return nil }
    return Double(child.standardOutput().split(separator: "\n").last.map(String.init) ?? "")
  }

  /// The probe itself: mounts `count` screens of `kind` under one container and prints the
  /// resident memory they added, per screen.
  @MainActor
  static func runProbe(kind: String, count: Int) -> Int32 {
    let container = PaneScreen()
    let stage = Stage(root: container, size: Size(width: 80, height: 24))
    stage.mount()
    stage.frame()
    // Warm up: one screen of the kind, so code paths and caches are touched before measuring.
    guard let warm = make(kind) else {
      log("Benchmarks: unknown probe kind \(kind)")
      return 2
    }
    container.addChild(warm)
    stage.frame()
    let before = ProcFiles.residentBytes()
    var screens: [Screen] = []
    screens.reserveCapacity(count)
    for _ in 0..<count {
      guard let screen = make(kind) else { return 2 }
      screens.append(screen)
      container.addChild(screen)
    }
    stage.frame()
    let after = ProcFiles.residentBytes()
    print(String(Double(after - before) / Double(count)))
    withExtendedLifetime(screens) {}
    return 0
  }

  @MainActor
  private static func make(_ kind: String) -> Screen? {
    switch kind {
    case "screen": return Screen()
    case "container-loading": return LoadingVariant.container.make(completesAtOnce: false)
    case "container-loaded": return LoadingVariant.container.make(completesAtOnce: true)
    case "protocol-loading": return LoadingVariant.protocol.make(completesAtOnce: false)
    case "protocol-loaded": return LoadingVariant.protocol.make(completesAtOnce: true)
    default: return nil
    }
  }
}
