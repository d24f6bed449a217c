import ScreenKit
import ScreenKitCurses
import ScreenKitLoading
import TerminalProcess

/// A lone spinner on a terminal of 80x24 and of 200x60: the bytes each frame sends to the
/// terminal and the CPU each frame costs, from the ticker's timer to `doupdate`.
struct SpinnerFrameScenario: Scenario {
  let name = "spinner"

  func run(_ settings: RunSettings) async -> [Figure] {
    let frames = settings.count(full: 3000, quick: 40)
    let interval = SpinnerStyle.dots.frameInterval
    var figures: [Figure] = []
    var bytes: [Double] = []
    var cpu: [Double] = []
    for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
      let label = "\(size.width)x\(size.height)"
      let rig: TerminalRig
      do {
        rig = try TerminalRig(root: SpinnerScreen(), size: size)
      } catch {
        figures.append(
          .notMeasured(name, "bytes per spinner frame, \(label)", unit: "B", reason: "\(error)"))
        continue
      }
      _ = rig.measureFrames(20, interval: interval)
      let sample = sampleFrame(rig, interval: interval)
      let run = rig.measureFrames(frames, interval: interval)
      rig.close()
      bytes.append(run.bytesPerFrame)
      cpu.append(run.cpuPerFrame)
      if settings.verbose { log("spinner \(label): one frame is \"\(sample)\"") }
      figures.append(
        .atMost(
          name, "bytes per spinner frame, \(label)", value: run.bytesPerFrame, limit: 11,
          unit: "B",
          note: "\(format(run.cellsPerFrame)) cell, \(format(run.drawsPerFrame)) draw per frame; "
            + "frame = \"\(sample)\""))
      figures.append(
        .atMost(
          name, "CPU per spinner frame, \(label)", value: run.cpuPerFrame, limit: 0.25,
          unit: "ms",
          note: "timer to doupdate, \(run.frames) frames; wall \(format(run.wallPerFrame)) ms"))
    }
    if bytes.count == 2 {
      figures.append(
        Figure(
          name, "bytes per frame, 200x60 minus 80x24", value: bytes[1] - bytes[0], unit: "B",
          target: "= 0", verdict: bytes[1] == bytes[0] ? .met : .missed))
      let share = cpu[0] / interval.milliseconds * 100
      figures.append(
        Figure(
          name, "share of one core at the default interval, 80x24", value: share, unit: "%",
          note: "\(format(1000 / interval.milliseconds)) frames/s × \(format(cpu[0])) ms"))
    }
    return figures
  }

  /// The bytes of one frame, escaped.
  @MainActor
  private func sampleFrame(_ rig: TerminalRig, interval: Duration) -> String {
    let start = rig.recorder.waitForQuiet()
    rig.advance(by: interval)
    rig.recorder.waitForQuiet()
    return escapedBytes(rig.recorder.bytes(from: start))
  }
}
