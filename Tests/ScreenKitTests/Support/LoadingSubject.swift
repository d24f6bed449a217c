import ScreenKit

/// A screen loading through one ``LoadingVariant``, with what the shared suite reads of it.
@MainActor
struct LoadingSubject {
  let screen: Screen
  let state: () -> LoadState<String>
  /// Cancels the load the way the variant offers it to its user.
  let cancel: () -> Void
}
