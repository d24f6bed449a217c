/// One step of a load as its owner sees it: where the load is now and what the step brought.
///
/// A ``LoadRunner`` hands its owner exactly one event for each step (a start, the spinner's
/// show delay passing, a progress report, an answer, a retry, a cancellation), so the owner
/// reconciles what it shows with the event in one place instead of reacting to several
/// callbacks in an order it must know. `LoadingController` turns events into child screens; a
/// ``ScreenLoad`` turns them into its screen's drawing.
package struct LoadEvent<Value: Sendable>: Sendable {
  /// The state after the step.
  package let state: LoadState<Value>
  /// Whether the step changed the state (a progress report or the spinner's delay does not).
  package let stateChanged: Bool
  /// A value the step delivered, to be shown: the load's value, a refresh's, or a stream's
  /// newest; `nil` when the step delivered none.
  package let value: Value?
  /// Whether the spinner should be visible after the step.
  package let isSpinnerVisible: Bool
  /// The latest progress of the load in flight.
  package let progress: LoadProgress?
}
