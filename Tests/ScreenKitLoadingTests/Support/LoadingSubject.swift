import ScreenKit
import ScreenKitLoading

/// A screen loading through one ``LoadingVariant``, with what the shared suite reads of it.
@MainActor
struct LoadingSubject {
  let screen: Screen
  let state: () -> LoadState<String>
  /// Cancels the load the way the variant offers it to its user.
  let cancel: () -> Void
  /// Retries or refreshes the way the variant offers it to its user.
  var reload: () -> Void = {}
  /// For a keyed load, the key whose value is shown.
  var shownKey: () -> String? = { nil }
  /// For a keyed load, whether the value shown belongs to another key than the key now.
  var isStale: () -> Bool = { false }
  /// The value of the key now (for a load without a key, the value), waiting for its load.
  var valueForCurrentKey: () async throws -> String
}
