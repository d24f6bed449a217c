import CNCurses
import ScreenKit
import ScreenKitCurses
import ScreenKitLoading
import TerminalProcess

/// What a C program does with ncurses for a spinner, measured on the same pty.
///
/// One `mvwadd_wch` of the glyph, `wnoutrefresh`, `doupdate`; once plain and once in cyan,
/// the colour ScreenKit's spinner uses. This is the floor ScreenKit's figures compare with.
struct NcursesReferenceScenario: Scenario {
  let name = "ncurses"

  func run(_ settings: RunSettings) async -> [Figure] {
    let frames = settings.count(full: 3000, quick: 40)
    var figures: [Figure] = []
    for colored in [false, true] {
      let label = colored ? "cyan glyph" : "plain glyph"
      let rig: TerminalRig
      do {
        rig = try TerminalRig(root: Screen(), size: Size(width: 80, height: 24))
      } catch {
        figures.append(
          .notMeasured(name, "raw ncurses bytes per frame, \(label)", unit: "B", reason: "\(error)")
        )
        continue
      }
      let frameGlyphs: [wchar_t] = SpinnerStyle.dots.frames.map {
        wchar_t(bitPattern: $0.unicodeScalars.first?.value ?? 0x20)
      }
      let pair: Int32 = colored ? 1 : 0
      if colored { _ = sk_init_pair(1, 6, -1) }
      var cell = cchar_t()
      var index = 0
      let window = rig.terminal.window
      let step: @MainActor () -> Void = {
        index += 1
        let characters: [wchar_t] = [frameGlyphs[index % frameGlyphs.count], 0]
        _ = characters.withUnsafeBufferPointer {
          sk_setcchar(&cell, $0.baseAddress, sk_a_normal(), pair)
        }
        _ = mvwadd_wch(window, 11, 35, &cell)
        wnoutrefresh(window)
        doupdate()
      }
      for _ in 0..<20 { step() }
      let start = rig.recorder.waitForQuiet()
      step()
      rig.recorder.waitForQuiet()
      let sample = escapedBytes(rig.recorder.bytes(from: start))
      let begin = rig.recorder.waitForQuiet()
      let cpuStart = Clocks.threadCPU()
      for _ in 0..<frames { step() }
      let cpu = (Clocks.threadCPU() - cpuStart).milliseconds / Double(frames)
      let bytes = Double(rig.recorder.waitForQuiet() - begin) / Double(frames)
      rig.close()
      figures.append(
        Figure(
          name, "raw ncurses bytes per frame, \(label), 80x24", value: bytes, unit: "B",
          note: "frame = \"\(sample)\""))
      figures.append(
        Figure(name, "raw ncurses CPU per frame, \(label), 80x24", value: cpu, unit: "ms"))
    }
    return figures
  }
}
