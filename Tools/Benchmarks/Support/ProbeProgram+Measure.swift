import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension ProbeProgram {
  /// Runs the program once on a pty of `size` with a load of `seconds` and measures it from
  /// outside: the spinner window, the child's text, the idle time after it, the memory.
  func measure(size: (width: Int, height: Int), seconds: Double, _ settings: RunSettings)
    -> ProbeRun
  {
    var run = ProbeRun()
    let trace = TraceFile.temporary(label.filter(\.isLetter))
    defer { trace.remove() }
    // NB: no spaces, so the text arrives as one run of bytes whatever ncurses optimises.
    let text = "child-text-of-the-load-probe"
    let recorder: TerminalRecorder
    let child: ChildProcess
    do {
      (recorder, child) = try launch(
        seconds: seconds, text: text, trace: trace, size: size)
    } catch {
      run.failure = "spawn failed: \(error)"
      return run
    }
    defer { recorder.close() }
    let spawned = child.spawnedAt
    guard let loadStart = trace.waitFor("load_start", timeout: .seconds(10)) else {
      recorder.type("q")
      child.end(by: Deadline(after: .seconds(2)))
      run.failure = "no load_start in the trace"
      return run
    }
    let load = Duration.milliseconds(Int(seconds * 1000))

    // The spinner window: well after the first frame, well before the load ends.
    let windowStart = loadStart + (settings.quick ? .milliseconds(100) : .milliseconds(300))
    let windowEnd = loadStart + load - .milliseconds(200)
    Self.sleep(until: windowStart)
    let before = ProcFiles.threads(of: child.pid)
    let opened = Clocks.monotonic()
    Self.sleep(until: windowEnd)
    let after = ProcFiles.threads(of: child.pid)
    let closed = Clocks.monotonic()
    let window = ThreadDelta(from: before, to: after)
    let chunks = recorder.chunks.filter { $0.time > opened && $0.time <= closed }
    // NB: a write may reach the leader in more than one read; reads closer than 10 ms apart
    // belong to one write (frames are 80 ms apart).
    var writes = 0
    var previous: Duration?
    for chunk in chunks {
      if previous.map({ chunk.time - $0 > .milliseconds(10) }) ?? true { writes += 1 }
      previous = chunk.time
    }
    // A frame is a change of the spinner's glyph, read from the bytes: the glyph last written
    // before the window tells whether the window's first one is a change.
    var frames = 0
    if let first = chunks.first, let last = chunks.last {
      let start = first.end - first.size
      let lead = max(0, start - 256)
      let bytes = Array(recorder.bytes(from: lead).prefix(last.end - lead))
      frames = SpinnerGlyphs.dots.changes(in: bytes, from: start - lead)
    }
    run.frames = frames
    if frames > 0 {
      let count = Double(frames)
      run.cpuPerFrame = window.cpu.milliseconds / count
      run.switchesPerFrame = Double(window.voluntarySwitches) / count
      run.involuntaryPerFrame = Double(window.involuntarySwitches) / count
      run.allSwitchesPerFrame =
        Double(window.voluntarySwitches + window.involuntarySwitches) / count
      run.bytesPerFrame = Double(chunks.reduce(0) { $0 + $1.size }) / count
      run.writesPerFrame = Double(writes) / count
    } else if !chunks.isEmpty {
      run.failure = "no spinner glyph in the \(chunks.count) reads of the spinner window"
    }

    // The child's text, timed from the load's end on the program's own clock reading.
    let seen = recorder.waitForWatchedText(timeout: load + .seconds(5))
    let loadEnd = trace.waitFor("load_end", timeout: .seconds(1))
    if let seen, let loadEnd {
      let visible = (seen - loadEnd).milliseconds
      run.childVisible = visible
      if let lastFrame = recorder.chunks.last(where: { $0.time < loadEnd }) {
        let phase = (loadEnd - lastFrame.time).milliseconds
        run.phase = phase
        if phase < 16 {
          run.childVisibleRightAfterFrame = visible
        } else {
          run.childVisibleAwayFromFrame = visible
        }
      }
    } else {
      run.failure = seen == nil ? "the child's text never arrived" : "no load_end in the trace"
    }

    // Idle: nothing animates once the text is there.
    recorder.waitForQuiet(.milliseconds(50), timeout: .seconds(2))
    let idleStart = Clocks.monotonic()
    if let loadEnd {
      run.childFrameBytes = Double(
        recorder.chunks.filter { $0.time >= loadEnd && $0.time < idleStart }.reduce(0) {
          $0 + $1.size
        })
    }
    let idleBefore = ProcFiles.threads(of: child.pid)
    // NB: 2 s, so that a once-a-second wake-up (libdispatch's worker-pool monitor) shows.
    Clocks.sleep(settings.duration(full: .seconds(2), quick: .milliseconds(200)))
    let idle = ThreadDelta(from: idleBefore, to: ProcFiles.threads(of: child.pid))
    let idleLength = (Clocks.monotonic() - idleStart).seconds
    run.idleWakeups = Double(idle.voluntarySwitches) / idleLength
    run.idleCPU = idle.cpu.milliseconds / idleLength

    run.firstByte = recorder.arrivals.first.map { ($0 - spawned).milliseconds }
    run.firstFrame = recorder.arrival(of: "Loading").map { ($0 - spawned).milliseconds }
    run.toMain = trace.time(of: "start").map { ($0 - spawned).milliseconds }

    // NB: VmHWM, not wait4's ru_maxrss: the kernel carries the spawning process's peak over
    // exec into ru_maxrss, so a child smaller than this benchmark would report its size.
    if let status = ProcFiles.read("/proc/\(child.pid)/status"),
      let peak = ProcFiles.field("VmHWM", in: status)
    {
      run.peakRSS = Double(peak) / 1024
      // NB: file-backed pages are the program's and its libraries' code and data as far as
      // they were touched; anonymous ones are its heap, stacks and relocated data.
      run.fileRSS = ProcFiles.field("RssFile", in: status).map { Double($0) / 1024 }
      run.anonymousRSS = ProcFiles.field("RssAnon", in: status).map { Double($0) / 1024 }
    }
    var file = stat()
    if stat(path, &file) == 0 { run.binarySize = Double(file.st_size) / 1_048_576 }
    recorder.type("q")
    let ending = child.end(by: Deadline(after: .seconds(5)))
    run.totalCPU = (child.usage?.processorTime ?? .zero).milliseconds
    if ending != .exited(0) {
      run.failure = "\(ending)"
    }
    return run
  }

  private static func sleep(until deadline: Duration) {
    let remaining = deadline - Clocks.monotonic()
    if remaining > .zero { Clocks.sleep(remaining) }
  }
}
