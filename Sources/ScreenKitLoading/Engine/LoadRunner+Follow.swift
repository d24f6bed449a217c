import ScreenKit

/// Following the key, the cache entry, and refreshing on an interval.
extension LoadRunner {
  // MARK: The key

  /// Follows a change of the key (see `LoadingController`'s documentation).
  func keyDidChange() {
    guard let follower, timers.scheduler != nil else { return }
    let key = follower.current
    step {
      endKeyWait()
      if !attempt.isResting, sameKey(runKey, key) { return }
      if loadMachineState.showsLoadedValue(of: key) {
        apply(.keyReturned)
        return
      }
      let cached = LoadCacheLink.lookup(follower.keying.request().cache, key: key)
      // NB: the run in flight is for another key: it could not be shown any more.
      if cached?.isFresh == true { retarget() }
      apply(.keyChanged(cached))
    }
  }

  /// Cancels the run in flight and runs the source of the key now, the state in flight.
  func loadKeyNow() {
    endKeyWait()
    attempt.reset()
    retarget()
    apply(.loadKey)
  }

  func waitOutDebounce() {
    guard options.debounce > .zero else {
      loadKeyNow()
      return
    }
    follower?.wait()
    timers.set(.debounce, at: now.saturatingAdding(options.debounce)) { [weak self] in
      guard let self else { return }
      self.timers.fired(.debounce)
      _ = self.follower?.endWait()
      self.step { self.loadKeyNow() }
    }
  }

  /// Drops the change waiting out its debounce, if one is.
  func endKeyWait() {
    guard follower?.endWait() == true else { return }
    timers.cancel(.debounce)
  }

  // MARK: The cache entry

  /// Hears of the changes of the cache entry of the key now from now on (see
  /// `LoadCacheLink`).
  func watchCache() {
    guard let slot = cacheSlot else { return }
    let stopPrevious = cacheLink.watch(slot, by: self) { [weak self] in self?.cacheDidChange($0) }
    stopPrevious?()
  }

  /// Shows a change of the cache entry of the key now: a value stored by a load of another
  /// screen or an optimistic change shows at once, a change that failed shows its error over
  /// the value it went back to, and an invalidation reloads the value, replacing a load in
  /// flight whose answer may predate it (for a screen that is away, once it is back).
  private func cacheDidChange(_ change: LoadCacheChange<Value>) {
    guard timers.scheduler != nil, isRunCurrent, !attempt.isJoining else { return }
    switch change {
    case .stored(let value, let load):
      // NB: the run that joined the storing load hears its answer through the run, held for
      // the spinner if need be; a screen with nothing shown yet waits for its own load.
      if cacheLink.isJoined(load) { return }
      guard state.value != nil else { return }
      step { apply(.stored(value, key: runKey)) }
    case .rolledBack(let value, let error):
      guard value != nil || state.value != nil else { return }
      step {
        noteError(error)
        apply(.rolledBack(value, error))
      }
    case .invalidated:
      guard attachment == .attached else {
        attachment = .awayMissedInvalidation
        return
      }
      guard follower?.isWaiting != true else { return }
      if !attempt.isResting {
        step {
          attempt.reset()
          beginRun()
        }
      } else if case .idle = state {
        return
      } else {
        start()
      }
    }
  }

  // MARK: The interval

  /// Sets the interval timer for one interval after the load settled while it may fire, and
  /// cancels it otherwise: no timer exists while the refresh is paused.
  func updateInterval() {
    let idle = attempt.isResting && follower?.isWaiting != true
    guard let now = timers.now,
      let deadline = refresher.intervalDeadline(
        now: now, loadIsIdle: idle && loadMachineState.showsSettledValue)
    else {
      timers.cancel(.interval)
      return
    }
    guard timers.deadline(.interval) != deadline else { return }
    timers.set(.interval, at: deadline) { [weak self] in
      self?.timers.fired(.interval)
      self?.start()
    }
  }
}
