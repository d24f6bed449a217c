import Testing

@testable import ScreenKit
@testable import ScreenKitLoading

/// The loading engine's state machine, as a table.
///
/// In each state, each input leads to the next state with the effects the runner carries out,
/// in order. Every pair of a state and an input is a row, so the table is the machine's
/// specification.
///
/// States are written with the value shown: `a` of key `k1` that a load delivered at 2s, or
/// `b`, `c` of key `k2`. Inputs carry `b` (or the cache's `c`) of key `k2`; the machine
/// reduces at 5s. Effects are listed in the order the runner carries them out.
@Suite struct LoadMachineTests {
  typealias Machine = LoadMachine

  /// One row: in `state`, `input` leads to `next` with `effects`.
  struct Row: Sendable, CustomTestStringConvertible {
    let state: String
    let input: String
    let next: String
    let effects: String

    init(_ state: String, _ input: String, _ next: String, _ effects: String) {
      self.state = state
      self.input = input
      self.next = next
      self.effects = effects
    }

    var testDescription: String { "\(state) + \(input)" }
  }

  // One row a line, as a table reads.
  // swift-format-ignore
  static let table: [Row] = [
    // Idle: nothing shown, nothing asked for. The runner sends no answers here (no run is
    // under way), but the machine is total.
    Row("idle", "start", "loading", "announce run"),
    Row("idle", "start, c fresh", "loaded c·k2·loaded", "show-c settle watch-cache announce"),
    Row("idle", "start, c cached", "refreshing c·k2·cached", "show-c announce run"),
    Row("idle", "key changed", "loading", "announce debounce"),
    Row("idle", "key changed, c fresh", "loaded c·k2·loaded", "stop-run hide-spinner show-c settle watch-cache announce"),
    Row("idle", "key changed, c cached", "refreshing c·k2·cached", "stop-run hide-spinner show-c announce debounce"),
    Row("idle", "load key", "loading", "announce run"),
    Row("idle", "delivered b", "loaded b·k2·at 5.0 seconds", "hide-spinner show-b announce"),
    Row("idle", "failed", "failed (error)", "hide-spinner announce"),
    Row("idle", "failed, can retry", "idle", "retry"),
    Row("idle", "cancelled", "idle", "retry"),
    Row("idle", "cancel", "idle", "stop-run hide-spinner"),
    Row("idle", "dismiss error", "idle", ""),
    Row("idle", "key returned", "idle", ""),
    Row("idle", "stored b", "idle", ""),
    Row("idle", "rolled back to b", "idle", ""),
    Row("idle", "rolled back", "idle", ""),
    // Loading: asked for, nothing shown. The runner does not start again while in flight.
    Row("loading", "start", "loading", "run"),
    Row("loading", "start, c fresh", "loaded c·k2·loaded", "show-c settle watch-cache announce"),
    Row("loading", "start, c cached", "refreshing c·k2·cached", "show-c announce run"),
    Row("loading", "key changed", "loading", "debounce"),
    Row("loading", "key changed, c fresh", "loaded c·k2·loaded", "stop-run hide-spinner show-c settle watch-cache announce"),
    Row("loading", "key changed, c cached", "refreshing c·k2·cached", "stop-run hide-spinner show-c announce debounce"),
    Row("loading", "load key", "loading", "run"),
    Row("loading", "delivered b", "loaded b·k2·at 5.0 seconds", "hide-spinner show-b settle announce"),
    Row("loading", "failed", "failed (error)", "hide-spinner settle announce"),
    Row("loading", "failed, can retry", "loading", "retry"),
    Row("loading", "cancelled", "idle", "hide-spinner settle announce"),
    Row("loading", "cancel", "idle", "stop-run hide-spinner settle announce"),
    Row("loading", "dismiss error", "loading", ""),
    Row("loading", "key returned", "loading", ""),
    Row("loading", "stored b", "loading", ""),
    Row("loading", "rolled back to b", "loading", ""),
    Row("loading", "rolled back", "loading", ""),
    // Loaded: a value shown and settled (a stream may still deliver).
    Row("loaded a", "start", "refreshing a·k1·at 2.0 seconds", "announce run"),
    Row("loaded a", "start, c fresh", "loaded c·k2·loaded", "show-c settle watch-cache announce"),
    Row("loaded a", "start, c cached", "refreshing c·k2·cached", "show-c announce run"),
    Row("loaded a", "key changed", "refreshing a·k1·at 2.0 seconds", "announce debounce"),
    Row("loaded a", "key changed, c fresh", "loaded c·k2·loaded", "stop-run hide-spinner show-c settle watch-cache announce"),
    Row("loaded a", "key changed, c cached", "refreshing c·k2·cached", "stop-run hide-spinner show-c announce debounce"),
    Row("loaded a", "load key", "refreshing a·k1·at 2.0 seconds", "announce run"),
    Row("loaded a", "delivered b", "loaded b·k2·at 5.0 seconds", "hide-spinner show-b announce"),
    Row("loaded a", "failed", "failed (error) over a·k1·at 2.0 seconds", "hide-spinner announce"),
    Row("loaded a", "failed, can retry", "refreshing a·k1·at 2.0 seconds", "announce retry"),
    Row("loaded a", "cancelled", "refreshing a·k1·at 2.0 seconds", "announce retry"),
    Row("loaded a", "cancel", "loaded a·k1·at 2.0 seconds", "stop-run hide-spinner"),
    Row("loaded a", "dismiss error", "loaded a·k1·at 2.0 seconds", ""),
    Row("loaded a", "key returned", "loaded a·k1·at 2.0 seconds", "stop-run announce"),
    Row("loaded a", "stored b", "loaded b·k2·at 5.0 seconds", "show-b announce"),
    Row("loaded a", "rolled back to b", "failed (error) over b·k1·at 2.0 seconds", "show-b announce"),
    Row("loaded a", "rolled back", "failed (error) over a·k1·at 2.0 seconds", "announce"),
    // Refreshing: a value shown while a newer one is asked for.
    Row("refreshing a", "start", "refreshing a·k1·at 2.0 seconds", "run"),
    Row("refreshing a", "start, c fresh", "loaded c·k2·loaded", "show-c settle watch-cache announce"),
    Row("refreshing a", "start, c cached", "refreshing c·k2·cached", "show-c announce run"),
    Row("refreshing a", "key changed", "refreshing a·k1·at 2.0 seconds", "debounce"),
    Row("refreshing a", "key changed, c fresh", "loaded c·k2·loaded", "stop-run hide-spinner show-c settle watch-cache announce"),
    Row("refreshing a", "key changed, c cached", "refreshing c·k2·cached", "stop-run hide-spinner show-c announce debounce"),
    Row("refreshing a", "load key", "refreshing a·k1·at 2.0 seconds", "run"),
    Row("refreshing a", "delivered b", "loaded b·k2·at 5.0 seconds", "hide-spinner show-b settle announce"),
    Row("refreshing a", "failed", "failed (error) over a·k1·at 2.0 seconds", "hide-spinner settle announce"),
    Row("refreshing a", "failed, can retry", "refreshing a·k1·at 2.0 seconds", "retry"),
    Row("refreshing a", "cancelled", "loaded a·k1·at 2.0 seconds", "hide-spinner settle announce"),
    Row("refreshing a", "cancel", "loaded a·k1·at 2.0 seconds", "stop-run hide-spinner settle announce"),
    Row("refreshing a", "dismiss error", "refreshing a·k1·at 2.0 seconds", ""),
    Row("refreshing a", "key returned", "loaded a·k1·at 2.0 seconds", "stop-run settle announce"),
    Row("refreshing a", "stored b", "refreshing b·k2·at 5.0 seconds", "show-b announce"),
    Row("refreshing a", "rolled back to b", "refreshing b·k1·at 2.0 seconds", "show-b announce"),
    Row("refreshing a", "rolled back", "refreshing a·k1·at 2.0 seconds", "announce"),
    // Failed with nothing to show.
    Row("failed", "start", "loading", "announce run"),
    Row("failed", "start, c fresh", "loaded c·k2·loaded", "show-c settle watch-cache announce"),
    Row("failed", "start, c cached", "refreshing c·k2·cached", "show-c announce run"),
    Row("failed", "key changed", "loading", "announce debounce"),
    Row("failed", "key changed, c fresh", "loaded c·k2·loaded", "stop-run hide-spinner show-c settle watch-cache announce"),
    Row("failed", "key changed, c cached", "refreshing c·k2·cached", "stop-run hide-spinner show-c announce debounce"),
    Row("failed", "load key", "loading", "announce run"),
    Row("failed", "delivered b", "loaded b·k2·at 5.0 seconds", "hide-spinner show-b announce"),
    Row("failed", "failed", "failed (error)", "hide-spinner announce"),
    Row("failed", "failed, can retry", "failed (error)", "retry"),
    Row("failed", "cancelled", "failed (error)", "retry"),
    Row("failed", "cancel", "failed (error)", "stop-run hide-spinner"),
    Row("failed", "dismiss error", "failed (error)", ""),
    Row("failed", "key returned", "failed (error)", ""),
    Row("failed", "stored b", "failed (error)", ""),
    Row("failed", "rolled back to b", "failed (error)", ""),
    Row("failed", "rolled back", "failed (error)", ""),
    // Failed over the value still shown.
    Row("failed over a", "start", "refreshing a·k1·at 2.0 seconds", "announce run"),
    Row("failed over a", "start, c fresh", "loaded c·k2·loaded", "show-c settle watch-cache announce"),
    Row("failed over a", "start, c cached", "refreshing c·k2·cached", "show-c announce run"),
    Row("failed over a", "key changed", "refreshing a·k1·at 2.0 seconds", "announce debounce"),
    Row("failed over a", "key changed, c fresh", "loaded c·k2·loaded", "stop-run hide-spinner show-c settle watch-cache announce"),
    Row("failed over a", "key changed, c cached", "refreshing c·k2·cached", "stop-run hide-spinner show-c announce debounce"),
    Row("failed over a", "load key", "refreshing a·k1·at 2.0 seconds", "announce run"),
    Row("failed over a", "delivered b", "loaded b·k2·at 5.0 seconds", "hide-spinner show-b announce"),
    Row("failed over a", "failed", "failed (error) over a·k1·at 2.0 seconds", "hide-spinner announce"),
    Row("failed over a", "failed, can retry", "failed (error) over a·k1·at 2.0 seconds", "retry"),
    Row("failed over a", "cancelled", "failed (error) over a·k1·at 2.0 seconds", "retry"),
    Row("failed over a", "cancel", "failed (error) over a·k1·at 2.0 seconds", "stop-run hide-spinner"),
    Row("failed over a", "dismiss error", "loaded a·k1·at 2.0 seconds", "announce"),
    Row("failed over a", "key returned", "loaded a·k1·at 2.0 seconds", "stop-run announce"),
    Row("failed over a", "stored b", "loaded b·k2·at 5.0 seconds", "show-b announce"),
    Row("failed over a", "rolled back to b", "failed (error) over b·k1·at 2.0 seconds", "show-b announce"),
    Row("failed over a", "rolled back", "failed (error) over a·k1·at 2.0 seconds", "announce"),
  ]

  @Test(arguments: table) func eachInputInEachStateLeadsWhereTheTableSays(_ row: Row) throws {
    let state = try #require(Self.states[row.state], "unknown state \(row.state)")
    let input = try #require(Self.inputs[row.input], "unknown input \(row.input)")
    let (next, effects) = Machine.reduce(state, input, now: .seconds(5))
    #expect(Self.describe(next) == row.next)
    #expect(effects.map(Self.describe).joined(separator: " ") == row.effects)
  }

  @Test func theTableHasARowForEveryStateAndInput() {
    let pairs = Set(Self.table.map { "\($0.state) + \($0.input)" })
    #expect(pairs.count == Self.table.count)
    for state in Self.states.keys {
      for input in Self.inputs.keys {
        #expect(pairs.contains("\(state) + \(input)"), "no row for \(state) + \(input)")
      }
    }
  }

  // MARK: The table's words

  static let a = Machine.Shown(value: "a", key: "k1", origin: .loaded(at: .seconds(2)))
  static let states: [String: Machine.State] = [
    "idle": .idle, "loading": .loading, "loaded a": .loaded(a), "refreshing a": .refreshing(a),
    "failed": .failed(SampleError(), nil), "failed over a": .failed(SampleError(), a),
  ]
  static let inputs: [String: Machine.Input] = [
    "start": .start(nil),
    "start, c fresh": .start(Machine.Cached(value: "c", key: "k2", isFresh: true)),
    "start, c cached": .start(Machine.Cached(value: "c", key: "k2", isFresh: false)),
    "key changed": .keyChanged(nil),
    "key changed, c fresh": .keyChanged(Machine.Cached(value: "c", key: "k2", isFresh: true)),
    "key changed, c cached": .keyChanged(Machine.Cached(value: "c", key: "k2", isFresh: false)),
    "load key": .loadKey,
    "delivered b": .delivered("b", key: "k2"),
    "failed": .failed(SampleError(), canRetry: false),
    "failed, can retry": .failed(SampleError(), canRetry: true),
    "cancelled": .failed(CancellationError(), canRetry: true),
    "cancel": .cancel,
    "dismiss error": .dismissError,
    "key returned": .keyReturned,
    "stored b": .stored("b", key: "k2"),
    "rolled back to b": .rolledBack("b", SampleError()),
    "rolled back": .rolledBack(nil, SampleError()),
  ]

  /// A state as the table writes it: `loaded b·k2·at 5s`, `refreshing c·k2·cached`.
  static func describe(_ state: Machine.State) -> String {
    switch state {
    case .idle: "idle"
    case .loading: "loading"
    case .loaded(let shown): "loaded \(describe(shown))"
    case .refreshing(let shown): "refreshing \(describe(shown))"
    case .failed(let error, let shown):
      "failed (\(error is CancellationError ? "cancelled" : "error"))"
        + (shown.map { " over \(describe($0))" } ?? "")
    }
  }

  static func describe(_ shown: Machine.Shown) -> String {
    let key = shown.key.map { "\($0)" } ?? "-"
    let origin =
      switch shown.origin {
      case .loaded(let at?): "at \(at)"
      case .loaded(nil): "loaded"
      case .cached: "cached"
      }
    return "\(shown.value)·\(key)·\(origin)"
  }

  static func describe(_ effect: Machine.Effect) -> String {
    switch effect {
    case .stopRun: "stop-run"
    case .hideSpinner: "hide-spinner"
    case .show(let value): "show-\(value)"
    case .announce: "announce"
    case .settle: "settle"
    case .watchCache: "watch-cache"
    case .retry: "retry"
    case .debounce: "debounce"
    case .run: "run"
    }
  }
}
