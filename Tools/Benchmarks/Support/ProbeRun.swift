/// What one run of a ``ProbeProgram`` showed from outside; `nil` where it could not be seen.
struct ProbeRun: Sendable {
  /// `posix_spawn` to the first byte on the pty, in ms.
  var firstByte: Double?
  /// `posix_spawn` to the read that completed the spinner's label (the first frame), in ms.
  var firstFrame: Double?
  /// `posix_spawn` to the program's `start` trace line (its `main`), in ms.
  var toMain: Double?
  /// `load_end` to the read that completed the child's text, in ms.
  var childVisible: Double?
  /// ``childVisible`` when the load ended less than 16 ms after a spinner frame (the frame
  /// interval of ScreenKit's run loop), else `nil`.
  var childVisibleRightAfterFrame: Double?
  /// ``childVisible`` when the load ended 16 ms or more after a spinner frame, else `nil`.
  var childVisibleAwayFromFrame: Double?
  /// How long before `load_end` the last spinner frame arrived, in ms.
  var phase: Double?
  /// Bytes written from `load_end` until the program went quiet: the child's first frame.
  var childFrameBytes: Double?
  /// Whole-process CPU per spinner frame over the spinner window, in ms.
  var cpuPerFrame: Double?
  /// Voluntary thread context switches of the whole process per spinner frame.
  var switchesPerFrame: Double?
  /// Involuntary context switches per spinner frame (preemption: load on the machine).
  var involuntaryPerFrame: Double?
  var allSwitchesPerFrame: Double?
  /// Bytes per spinner frame over the window.
  var bytesPerFrame: Double?
  /// Writes per spinner frame over the window (bursts of reads 10 ms or more apart): 1 when
  /// the program writes once per glyph change, more when it also redraws an unchanged glyph.
  var writesPerFrame: Double?
  /// Spinner frames (glyph changes) seen in the window.
  var frames = 0
  /// Voluntary context switches per second while nothing animates: wake-ups.
  var idleWakeups: Double?
  /// CPU per second while nothing animates, in ms.
  var idleCPU: Double?
  /// Peak resident set size (`VmHWM`), in MiB.
  var peakRSS: Double?
  /// Resident pages mapped from files (`RssFile`) before quitting, in MiB.
  var fileRSS: Double?
  /// Resident anonymous pages (`RssAnon`) before quitting, in MiB.
  var anonymousRSS: Double?
  /// The executable's size on disk, in MiB (shared libraries it loads not counted).
  var binarySize: Double?
  /// Whole-process CPU of the run (`ru_utime + ru_stime`), in ms.
  var totalCPU: Double?
  /// What went wrong, if anything.
  var failure: String?
}
