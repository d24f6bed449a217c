import CTerminalSession
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `ScreenKitCursesTestHost restore-race`: the restore written out on one thread, as a
/// handler on any thread does, while the main thread prepares it again and again, as an
/// inline region does when its height changes.
///
/// It prepares two restores in turn, `<` + 400 `a` + `>` and `<` + 900 `b` + `>`, on standard
/// output, and another thread writes the prepared one out 5,000 times; each must come out
/// whole, one or the other. Standard output then holds only those, which the test reads.
enum RestoreRace {
  static let first = Array(("<" + String(repeating: "a", count: 400) + ">").utf8)
  static let second = Array(("<" + String(repeating: "b", count: 900) + ">").utf8)
  static let restores = 5_000
  static let finished = Atomic<Bool>(false)

  static func run() -> Never {
    prepare(first)
    startDetachedThread { _ in
      for _ in 0..<RestoreRace.restores { sk_restore_now() }
      RestoreRace.finished.store(true, ordering: .sequentiallyConsistent)
      return nil
    }
    while !finished.load(ordering: .sequentiallyConsistent) {
      prepare(second)
      prepare(first)
    }
    exit(0)
  }

  private static func prepare(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        sk_restore_prepare(1, nil, $0.baseAddress, $0.count)
      }
    }
  }
}
