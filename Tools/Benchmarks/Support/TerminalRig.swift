import ScreenKit
import ScreenKitCurses
import ScreenKitSimulation
import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A screen hierarchy drawn through the real ncurses backend onto a pseudo-terminal, one frame
/// at a time, on a `VirtualClock`: each frame does what ``CursesApplication`` does when its
/// timer fires (run what is due, render the damage, write it, `doupdate`), without the
/// Dispatch wake-up, so a frame's cost and bytes can be measured alone.
@MainActor
final class TerminalRig {
  /// The pty the terminal is on.
  let recorder: TerminalRecorder
  /// The ncurses session.
  let terminal: CursesTerminal
  /// The clock the hierarchy reads.
  let clock: VirtualClock
  /// The stage of the hierarchy.
  let stage: Stage
  /// The writer that turns canvases into ncurses calls.
  let writer: CursesCanvasWriter
  /// The frames drawn so far (frames with nothing to render are not counted).
  private(set) var frameCount = 0

  /// Opens a session of `size` on a new pty (`TERM=xterm-256color`), mounts `root` and
  /// draws the first frame.
  init(root: Screen, size: Size) throws(TerminalError) {
    // NB: a fresh pty reports 0x0; ncurses then takes LINES and COLUMNS from the environment.
    setenv("LINES", "\(size.height)", 1)
    setenv("COLUMNS", "\(size.width)", 1)
    guard let recorder = try? TerminalRecorder() else {
      throw .systemCall("openpty", errno: errno)
    }
    var options = CursesTerminal.Options()
    options.inputDescriptor = recorder.follower
    options.outputDescriptor = recorder.follower
    options.terminalType = "xterm-256color"
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(options: options)
    } catch {
      recorder.close()
      throw error
    }
    self.recorder = recorder
    self.terminal = terminal
    let clock = VirtualClock()
    self.clock = clock
    stage = Stage(root: root, size: terminal.size, scheduler: Scheduler(clock: ScreenClock(clock)))
    writer = CursesCanvasWriter(window: terminal.window, palette: terminal.palette)
    stage.mount()
    drawFrame()
  }

  /// Runs what is due and, if anything changed, draws one frame to the terminal.
  func drawFrame() {
    stage.scheduler.runDue()
    guard stage.needsFrame else { return }
    writer.write(stage.frame(), of: stage.canvas.grid)
    terminal.update()
    frameCount += 1
  }

  /// Moves the clock on by `duration` and draws the frame that is then due.
  func advance(by duration: Duration) {
    clock.advance(to: clock.now.advanced(by: duration))
    drawFrame()
  }

  /// Unmounts the hierarchy, closes the session and the pty.
  func close() {
    stage.unmount()
    terminal.close()
    recorder.close()
  }
}

/// What one run of frames cost.
struct FrameRun {
  /// The frames drawn.
  var frames = 0
  /// Bytes the terminal received, over all frames.
  var bytes = 0
  /// CPU time of the drawing thread, over all frames.
  var cpu: Duration = .zero
  /// Wall-clock time, over all frames.
  var wall: Duration = .zero
  /// Cells handed to ncurses, over all frames.
  var cells = 0
  /// `draw(in:)` calls, over all frames.
  var draws = 0

  /// Bytes per frame.
  var bytesPerFrame: Double { frames == 0 ? 0 : Double(bytes) / Double(frames) }
  /// CPU milliseconds per frame.
  var cpuPerFrame: Double { frames == 0 ? 0 : cpu.milliseconds / Double(frames) }
  /// Wall-clock milliseconds per frame.
  var wallPerFrame: Double { frames == 0 ? 0 : wall.milliseconds / Double(frames) }
  /// Cells per frame.
  var cellsPerFrame: Double { frames == 0 ? 0 : Double(cells) / Double(frames) }
  /// Draw calls per frame.
  var drawsPerFrame: Double { frames == 0 ? 0 : Double(draws) / Double(frames) }
}

extension TerminalRig {
  /// Draws `count` frames, calling `step` before each to make it differ (by default: the
  /// clock moves on by `interval`), and measures them once the terminal went quiet.
  func measureFrames(
    _ count: Int, interval: Duration = .milliseconds(80),
    step: (@MainActor (Int) -> Void)? = nil
  ) -> FrameRun {
    recorder.waitForQuiet()
    let startBytes = recorder.byteCount
    var run = FrameRun()
    let startFrames = frameCount
    let startWall = Clocks.monotonic()
    let startCPU = Clocks.threadCPU()
    for index in 0..<count {
      if let step {
        step(index)
        drawFrame()
      } else {
        advance(by: interval)
      }
      run.cells += writer.lastFrameCellCount
      run.draws += stage.lastFrameDrawCount
    }
    run.cpu = Clocks.threadCPU() - startCPU
    run.wall = Clocks.monotonic() - startWall
    run.frames = frameCount - startFrames
    run.bytes = recorder.waitForQuiet() - startBytes
    return run
  }
}
