import ScreenKit
import ScreenKitCurses
import ScreenKitSSH

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server the SSH benchmark measures (Tools/Benchmarks/SSH/ssh-load.py): every session shows a
/// spinner and echoes the last key (``SpinnerEchoScreen``), on loopback, until SIGTERM.
///
/// Arguments: `--port N` (0 picks one), `--authorized-keys FILE`, `--host-key FILE`,
/// `--max-sessions N`, `--threads N` (swift-nio's event loops), `--interval-ms N` (the spinner's
/// frame interval). It prints `port N` once it listens, for the generator to read.
@main
enum BenchServer {
  static func main() {
    CursesRunLoop.main {
      do {
        try await serve(BenchArguments(CommandLine.arguments.dropFirst()))
      } catch {
        let line = Array("ScreenKitSSHBenchServer: \(error)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(2)
      }
    }
  }

  @MainActor
  static func serve(_ arguments: BenchArguments) async throws {
    var options = SSHScreenServer.Options(hostKeyPath: arguments.hostKey)
    options.host = "127.0.0.1"
    options.port = arguments.port
    options.authorizedKeysPath = arguments.authorizedKeys
    options.maximumSessions = arguments.maximumSessions
    // NB: every session of the generator comes from 127.0.0.1.
    options.connectionsPerMinutePerAddress = arguments.maximumSessions * 4
    options.threads = arguments.threads
    options.modes = []
    let interval = Duration.milliseconds(arguments.intervalMilliseconds)
    let server = try SSHScreenServer(options: options) { _ in
      SpinnerEchoScreen(interval: interval)
    }
    let port = try await server.start()
    let line = Array("port \(port)\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    try await server.run()
  }
}
