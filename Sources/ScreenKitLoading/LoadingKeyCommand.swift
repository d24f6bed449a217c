package import ScreenKit

/// What a loading key asks of a load: the one table of loading keys, which both variants (a
/// ``LoadingController`` and a ``Loading`` screen) consult, so that a parent with keys of its
/// own sees the same program whichever variant it holds.
///
/// | state | r | Enter | Esc |
/// | --- | --- | --- | --- |
/// | idle, loading | – | – | – (cancel with ``LoadOptions/escapeCancels``) |
/// | refreshing (a stale key's value included) | reload | – | – |
/// | failed | reload | reload | – |
/// | failed, showing the last value | reload | – | dismiss the error |
/// | loaded | reload | – | – |
///
/// A dash leaves the key to the parents. `r` while refreshing is taken, as the refresh it asks
/// for is under way (a keyed load waiting out its debounce starts the new key's load at once).
package enum LoadingKeyCommand: Equatable, Sendable {
  /// Retry after a failure, refresh loaded content, or load a changed key now.
  case reload
  /// Cancel the load in flight.
  case cancel
  /// Dismiss a refresh error, showing the last value as loaded.
  case dismissError

  /// The command `key` gives a load in `state`, or `nil` when the key is not a loading key there.
  package init?<Value>(key: Key, state: LoadState<Value>, escapeCancels: Bool) {
    switch (key, state) {
    case (.character("r"), .failed), (.character("r"), .loaded), (.character("r"), .refreshing),
      (.enter, .failed(_, nil)):
      self = .reload
    case (.escape, .failed(_, _?)):
      self = .dismissError
    case (.escape, .loading) where escapeCancels:
      self = .cancel
    default:
      return nil
    }
  }
}
