import ScreenKit
import ScreenKitSimulation
import ScreenKitTerminal
import Testing

/// A program's terminal bytes decoded for its host: events come back to the program, an
/// Escape alone waits for its deadline on the host's clock, focus reports are never keys.
@MainActor
@Suite struct HostInputDecoderTests {
  /// Takes the keys it is listed to take and counts the terminal's focus changes it hears of.
  final class Recorder: Screen {
    private let takes: Set<Key>
    private(set) var keys: [Key] = []
    private(set) var focusChanges: [Bool] = []

    init(takes: Set<Key>) {
      self.takes = takes
      super.init()
    }

    override var canBecomeFocused: Bool { true }

    override func handle(_ key: Key) -> Bool {
      guard takes.contains(key) else { return false }
      keys.append(key)
      return true
    }

    override func terminalFocusDidChange() {
      focusChanges.append(stage?.terminalHasFocus ?? true)
    }
  }

  private let clock = VirtualClock()

  private func makeHost(_ root: Screen) -> ScreenHost {
    ScreenHost(
      root: root, size: Size(width: 20, height: 3), scheduler: Scheduler(clock: ScreenClock(clock)))
  }

  @Test func decodedBytesComeBackToTheProgramAndALoneEscapeWaitsForItsDeadline() {
    let recorder = Recorder(takes: [.escape, .character("x")])
    let host = makeHost(recorder)
    let input = HostInputDecoder(host: host)
    _ = host.frame()
    #expect(
      input.decode(bytes: Array("qx".utf8)) == [.key(.character("q")), .key(.character("x"))])
    #expect(recorder.keys.isEmpty, "decoded events went to the screens before the program")
    #expect(input.deliver(bytes: Array("x".utf8), to: host))
    #expect(host.nextDeadline == nil)
    #expect(host.pollTimeout == -1)
    #expect(!input.deliver(bytes: [0x1B], to: host))
    let deadline = input.escapeDeadline
    #expect(deadline != nil)
    #expect(host.nextDeadline == deadline)
    #expect(host.pollTimeout > 0)
    clock.advance(to: .init(offset: deadline ?? .zero))
    host.tick()
    #expect(recorder.keys == [.character("x"), .escape])
    #expect(input.escapeDeadline == nil)
    host.close()
  }

  @Test func theRestOfASequenceBeforeItsDeadlineMakesOneKey() {
    let recorder = Recorder(takes: [.escape, .up])
    let host = makeHost(recorder)
    let input = HostInputDecoder(host: host)
    _ = host.frame()
    input.deliver(bytes: [0x1B], to: host)
    input.deliver(bytes: Array("[A".utf8), to: host)
    #expect(input.escapeDeadline == nil)
    #expect(host.nextDeadline == nil, "the Escape delay stayed armed after its sequence ended")
    clock.advance(to: .init(offset: .seconds(5)))
    host.tick()
    #expect(recorder.keys == [.up])
    host.close()
  }

  @Test func aCancelledInputDeliversNothingAtItsDeadline() {
    let recorder = Recorder(takes: [.escape])
    let host = makeHost(recorder)
    let input = HostInputDecoder(host: host)
    _ = host.frame()
    input.deliver(bytes: [0x1B], to: host)
    input.cancel()
    #expect(host.nextDeadline == nil)
    clock.advance(to: .init(offset: .seconds(5)))
    host.tick()
    #expect(recorder.keys.isEmpty)
    host.close()
  }

  @Test func anInterruptedSequenceIsDeliveredAtOnce() {
    let recorder = Recorder(takes: [.escape])
    let host = makeHost(recorder)
    let input = HostInputDecoder(host: host)
    _ = host.frame()
    input.deliver(bytes: [0x1B], to: host)
    input.interrupt()
    #expect(recorder.keys == [.escape])
    #expect(host.nextDeadline == nil)
    host.close()
  }

  @Test func reportsReadFromTheTerminalAreNeverKeys() {
    let recorder = Recorder(takes: [.character("a"), .character("b")])
    var unhandled: [Key] = []
    let host = makeHost(recorder)
    host.onUnhandledKey = { unhandled.append($0) }
    let input = HostInputDecoder(host: host)
    _ = host.frame()
    #expect(input.deliver(bytes: Array("a\u{1B}[O".utf8), to: host))
    #expect(!host.stage.terminalHasFocus)
    input.deliver(bytes: Array("\u{1B}[".utf8), to: host)
    input.deliver(bytes: Array("Ib".utf8), to: host)
    #expect(host.stage.terminalHasFocus)
    #expect(recorder.keys == [.character("a"), .character("b")])
    #expect(recorder.focusChanges == [false, true])
    #expect(unhandled.isEmpty)
    host.close()
  }
}
