import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting

/// Each loading variant as the shared suite drives it.
extension LoadingVariant {
  /// A root screen loading through this variant, and a way to read its state.
  @MainActor
  func make(
    _ source: LoadSource<String>, options: LoadOptions = LoadOptions(),
    cache: LoadCache<String, String>? = nil, key: String = "key"
  ) -> LoadingSubject {
    switch self {
    case .container:
      let controller = LoadingController(
        source: source, cache: cache?.slot(for: key), options: options,
        build: { ContentScreen(value: $0) },
        update: { screen, value in screen.value = value })
      return LoadingSubject(
        screen: controller, state: { controller.loadState }, cancel: { controller.cancelLoad() },
        reload: { controller.reload() },
        valueForCurrentKey: { try await controller.valueForCurrentKey() })
    case .protocol:
      let screen = LoadingContentScreen(source: source, options: options, cache: cache, key: key)
      return LoadingSubject(
        screen: screen, state: { screen.loadState }, cancel: { screen.cancelLoad() },
        reload: { screen.reload() },
        valueForCurrentKey: { try await screen.valueForCurrentKey() })
    }
  }
}
