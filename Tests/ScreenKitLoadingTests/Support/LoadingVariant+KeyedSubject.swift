import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting

/// Each loading variant following a ``LoadKey``, as the shared suite drives it.
extension LoadingVariant {
  /// A root screen loading the values of `key` from `backend` through this variant: with the
  /// `load:` function it offers, or, given a `form`, through a ``LoadSource`` of that form.
  @MainActor
  func makeKeyed(
    key: LoadKey<String>, backend: KeyedBackend, form: FakeLoader<String>.Form? = nil,
    cache: LoadCache<String, String>? = nil, options: LoadOptions
  ) -> LoadingSubject {
    let source: @MainActor (String) -> LoadSource<String> =
      if let form {
        { key in backend.source(key, form) }
      } else {
        { key in .async { _ in try await backend.load(key) } }
      }
    switch self {
    case .container:
      let controller =
        if form == nil {
          LoadingController(
            key: key, cache: cache, options: options, load: { try await backend.load($0) },
            build: { ContentScreen(value: $0) }, update: { screen, value in screen.value = value })
        } else {
          LoadingController(
            key: key, cache: cache, options: options, source: source,
            build: { ContentScreen(value: $0) }, update: { screen, value in screen.value = value })
        }
      return LoadingSubject(
        screen: controller, state: { controller.loadState }, cancel: { controller.cancelLoad() },
        shownKey: { controller.shownKey as? String }, isStale: { controller.isStale },
        valueForCurrentKey: { try await controller.valueForCurrentKey() })
    case .protocol:
      let screen = KeyedLoadingContentScreen(
        key: key, cache: cache, options: options, source: source)
      return LoadingSubject(
        screen: screen, state: { screen.loadState }, cancel: { screen.cancelLoad() },
        shownKey: { screen.shownKey as? String }, isStale: { screen.isStale },
        valueForCurrentKey: { try await screen.valueForCurrentKey() })
    }
  }
}
