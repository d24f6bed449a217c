import Glibc
import ScreenKit
import ScreenKitCurses

/// A ScreenKit program for the terminal tests, run by them on a pseudo-terminal.
///
/// Usage: `ScreenKitCursesTestHost [idle|spinner]`. Keys: `q` quits normally, `t` forces a
/// Swift trap (`fatalError`), `s` dereferences a bad pointer (SIGSEGV), `a` aborts. After
/// a normal quit it prints `frames=N wakes=M` to standard error.
@main
enum TestHost {
  static func main() async {
    let mode = CommandLine.arguments.dropFirst().first ?? "idle"
    let screen = TestHostScreen(animates: mode == "spinner", interval: .milliseconds(100))
    let application = CursesApplication(root: screen)
    application.onUnhandledKey = { application, key in
      switch key {
      case "q": application.quit()
      case "t": fatalError("forced trap")
      case "a": abort()
      case "s":
        let address = UnsafeMutablePointer<Int>(bitPattern: 16)
        address?.pointee = 1
      default: break
      }
    }
    do {
      try await application.run()
    } catch {
      error.exit()
    }
    var line = Array("frames=\(application.frameCount) wakes=\(application.wakeCount)\n".utf8)
    _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }
}
