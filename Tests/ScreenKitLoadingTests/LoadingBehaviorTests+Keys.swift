import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// The loading keys, r, Enter and Esc, in every state a load can be in: both variants take the
/// same keys and do the same with them, and leave the same keys to a parent with keys of its own.
extension LoadingBehaviorTests {
  /// A state a loading screen can be in when a key arrives.
  enum KeyState: String, CaseIterable, Sendable {
    case idle
    case loading
    /// Loading, made with ``LoadOptions/escapeCancels``.
    case loadingCancellable = "loading, Esc cancels"
    case refreshing
    case failed
    case failedWithValue = "failed with a value"
    case loaded
    /// A keyed load whose key changed, waiting out its debounce: the old value shows, stale.
    case staleUnderAChangedKey = "stale under a changed key"
  }

  /// What a key does to a load.
  enum KeyEffect: Sendable {
    /// Nothing takes it: the parent gets it, and the load is as it was.
    case passesOn
    /// Taken, and the load is as it was (a refresh in flight goes on).
    case takenAlone
    /// Taken, and a load starts (retry, refresh, or the changed key's load at once).
    case loads
    /// Taken, and the load in flight is cancelled.
    case cancels
    /// Taken, and the refresh error is dismissed: the last value shows as loaded.
    case dismissesTheError
  }

  /// One row of the table: a key pressed in a state, and what it does.
  struct KeyCase: Sendable, CustomTestStringConvertible {
    let state: KeyState
    let key: Key
    let effect: KeyEffect
    var testDescription: String { "\(key) while \(state.rawValue)" }
  }

  /// The loading keys' table, as a user sees it: every state by r, Enter and Esc.
  nonisolated static let keyTable: [KeyCase] = {
    let rows: [(KeyState, r: KeyEffect, enter: KeyEffect, escape: KeyEffect)] = [
      (.idle, .passesOn, .passesOn, .passesOn),
      (.loading, .passesOn, .passesOn, .passesOn),
      (.loadingCancellable, .passesOn, .passesOn, .cancels),
      (.refreshing, .takenAlone, .passesOn, .passesOn),
      (.failed, .loads, .loads, .passesOn),
      (.failedWithValue, .loads, .passesOn, .dismissesTheError),
      (.loaded, .loads, .passesOn, .passesOn),
      (.staleUnderAChangedKey, .loads, .passesOn, .passesOn),
    ]
    return rows.flatMap { row in
      [
        KeyCase(state: row.0, key: .character("r"), effect: row.r),
        KeyCase(state: row.0, key: .enter, effect: row.enter),
        KeyCase(state: row.0, key: .escape, effect: row.escape),
      ]
    }
  }()

  /// A loading screen brought into `state` under a parent that records the keys it is left.
  @MainActor
  struct KeyRig {
    let recorder = KeyRecorder()
    let harness: ScreenHarness
    let subject: LoadingSubject
    /// How many loads started so far.
    let loadCount: () -> Int

    init(_ variant: LoadingVariant, in state: KeyState) async {
      if state == .staleUnderAChangedKey {
        let query = LoadKey("P")
        let backend = KeyedBackend()
        subject = variant.makeKeyed(
          key: query, backend: backend, options: LoadOptions(debounce: .milliseconds(300)))
        recorder.addChild(subject.screen)
        harness = ScreenHarness(root: recorder, size: LoadingBehaviorTests.size)
        loadCount = { backend.loadedKeys.count }
        await harness.settle()
        backend.resolve("P")
        await harness.settle()
        query.value = "Pa"
        await harness.advance(by: .milliseconds(100))
        #expect(subject.isStale())
        return
      }
      let loader = FakeLoader<String>()
      subject = variant.make(
        loader.source(.async), options: LoadOptions(escapeCancels: state == .loadingCancellable))
      recorder.addChild(subject.screen)
      harness = ScreenHarness(root: recorder, size: LoadingBehaviorTests.size)
      loadCount = { loader.callCount }
      // Past the show delay, so that the spinner shows where it would.
      await harness.advance(by: .milliseconds(200))
      switch state {
      case .idle:
        subject.cancel()
      case .loading, .loadingCancellable:
        break
      case .failed:
        loader.reject(SampleError())
      case .loaded, .refreshing, .failedWithValue:
        loader.resolve("old")
        // NB: past the spinner's minimum time, which holds back what arrives.
        await harness.advance(by: .seconds(1))
        if state != .loaded { subject.reload() }
        await harness.settle()
        if state == .failedWithValue { loader.reject(SampleError()) }
      case .staleUnderAChangedKey:
        break
      }
      await harness.advance(by: .seconds(1))
    }
  }

  @Test(arguments: LoadingVariant.allCases, keyTable)
  func eachLoadingKeyDoesTheSameInBothVariants(variant: LoadingVariant, row: KeyCase) async {
    let rig = await KeyRig(variant, in: row.state)
    let before = rig.subject.state()
    let loadsBefore = rig.loadCount()
    #expect(rig.harness.press(row.key))
    await rig.harness.settle()
    let passedOn = rig.recorder.keys == [row.key]
    #expect(passedOn == (row.effect == .passesOn), "the parent got: \(rig.recorder.keys)")
    let started = rig.loadCount() - loadsBefore
    #expect(started == (row.effect == .loads ? 1 : 0), "loads started: \(started)")
    let after = rig.subject.state()
    switch row.effect {
    case .passesOn, .takenAlone:
      #expect(after == before)
    case .loads:
      #expect(after.isInFlight)
    case .cancels:
      #expect(after == .idle)
    case .dismissesTheError:
      #expect(after == .loaded("old"))
    }
    rig.subject.cancel()
    await rig.harness.finish()
  }
}
