import ScreenKit

/// Running the source: the attempt, its timers, and the spinner's timing of its answers.
extension LoadRunner {
  /// Whether answers of the current run may be shown: always, unless the key moved on.
  var isRunCurrent: Bool {
    guard let follower else { return true }
    return sameKey(runKey, follower.current)
  }

  /// Starts a run of the source (or joins the cache's shared load), then, unless it answered at
  /// once, its show delay and timeout.
  func beginRun() {
    guard let scheduler = timers.scheduler else { return }
    stopRun()
    setProgress(nil)
    let token = attempt.generation
    let onProgress: @Sendable @MainActor (LoadProgress) -> Void = { [weak self] progress in
      guard let self, self.attempt.generation == token, self.isRunCurrent else { return }
      self.step { self.setProgress(progress) }
    }
    let onAnswer: @Sendable @MainActor (LoadAnswer<Value>) -> Void = { [weak self] answer in
      guard let self, self.attempt.generation == token else { return }
      self.step { self.receive(answer) }
    }
    let startedAt = now
    let started: (stop: @MainActor (Bool, Bool) -> Void, immediate: LoadAnswer<Value>?)
    if let slot = cacheSlot {
      watchCache()
      attempt.join()
      started = cacheLink.join(
        slot, source(), on: scheduler,
        SharedLoad.Subscriber(progress: onProgress, answer: onAnswer))
    } else {
      let run = source().run(
        on: scheduler, post: { [weak scheduler] work in scheduler?.post(work) },
        report: onProgress, receive: { answer, _ in onAnswer(answer) })
      started = ({ answered, _ in run.cancel(answered: answered) }, run.immediate)
    }
    attempt.run(stop: started.stop, at: startedAt)
    // NB: an answer given at once is taken in this step, before any spinner: none was drawn,
    // so none is held for its minimum time.
    if let immediate = started.immediate {
      receive(immediate)
      return
    }
    if state.value == nil, !spinner.isVisible {
      if options.showDelay <= .zero {
        spinner.show(at: now)
      } else {
        setRunTimer(.showDelay, at: now.saturatingAdding(options.showDelay)) {
          $0.spinner.show(at: $0.now)
        }
      }
    }
    if let timeout = options.timeout {
      setRunTimer(.timeout, at: now.saturatingAdding(timeout)) { $0.timeOut(after: timeout) }
    }
  }

  /// Takes an answer of the current run, holding it while the spinner must stay visible.
  private func receive(_ answer: LoadAnswer<Value>) {
    guard case .running = attempt.phase, timers.scheduler != nil else { return }
    guard isRunCurrent else {
      // NB: the key moved on while its change waits out the debounce: the answer is not shown.
      stopRun(answered: true)
      return
    }
    if attempt.answer(at: now) {
      // The load answered: its timeout no longer applies, and a spinner not shown yet never
      // will be.
      timers.cancel(.timeout)
      timers.cancel(.showDelay)
    }
    switch spinner.take(answer, at: now, minimumVisible: options.minimumVisible) {
    case .apply: deliver(answer)
    case .hold(let until?): setRunTimer(.minimumVisible, at: until) { $0.releaseHeld() }
    case .hold(nil): break
    }
  }

  private func releaseHeld() {
    guard case .running = attempt.phase else { return }
    guard isRunCurrent else {
      stopRun(answered: true)
      return
    }
    for answer in spinner.release() { deliver(answer) }
  }

  /// Shows an answer: a value, the end of a stream, or a failure.
  private func deliver(_ answer: LoadAnswer<Value>) {
    guard case .running = attempt.phase else { return }
    switch answer {
    case .value(let value, let isFinal):
      attempt.deliver(isFinal: isFinal)
      noteError(nil)
      apply(.delivered(value, key: runKey))
    case .end:
      if !attempt.end() { fail(EmptyStreamError()) }
    case .failure(let error):
      _ = attempt.end()
      fail(error)
    }
  }

  /// Fails the current load: the machine retries while the policy allows, or shows the error.
  private func fail(_ error: any Error) {
    if !(error is CancellationError) { noteError(error) }
    apply(.failed(error, canRetry: attempt.canRetry(options.retry)))
  }

  /// Waits out the retry's backoff (the spinner stays up meanwhile), then runs again.
  func retryAfterBackoff() {
    let backoff = attempt.retry(options.retry)
    setRunTimer(.retryBackoff, at: now.saturatingAdding(backoff)) { runner in
      if runner.isRunCurrent { runner.beginRun() } else { runner.stopRun() }
    }
  }

  private func timeOut(after timeout: Duration) {
    stopRun(timedOut: true)
    if isRunCurrent { fail(LoadTimeoutError(timeout: timeout)) }
  }

  /// Ends the current run: its later answers are dropped, its task is cancelled, its cancel
  /// hook runs if it has not answered, and its timers and held answers go.
  ///
  /// A shared load that `timedOut` takes no new screens, so a retry starts the source again; one
  /// that `answered` runs no cancel hook.
  func stopRun(timedOut: Bool = false, answered: Bool = false) {
    let stopped = attempt.stop()
    cacheLink.leave()
    spinner.dropHeld()
    for role in LoadTimers.Role.run { timers.cancel(role) }
    stopped?.stop(answered || stopped?.answered == true, timedOut)
  }

  /// Sets the timer of `role` for the current run; it does nothing once the run is over.
  private func setRunTimer(
    _ role: LoadTimers.Role, at deadline: Duration,
    _ action: @escaping @MainActor (LoadRunner) -> Void
  ) {
    let token = attempt.generation
    timers.set(role, at: deadline) { [weak self] in
      guard let self, self.attempt.generation == token else { return }
      self.timers.fired(role)
      self.step { action(self) }
    }
  }
}
