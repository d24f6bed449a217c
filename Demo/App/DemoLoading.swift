import ScreenKit
import ScreenKitLoading

/// Builds the demo's loading containers the same way everywhere: the demo's options, a trace
/// `mount` when the built screen is mounted, and an optional observer of the hierarchy.
@MainActor
enum DemoLoading {
  /// A `LoadingController` over an async load whose built screen records `mount`.
  ///
  /// With a `cache`, the value is kept under `key`: opening the same key again shows it at once
  /// and refreshes it. `onHierarchyChange` hears of the spinner screen coming and going, which
  /// changes the controller's children without changing its state.
  static func controller<Value: Sendable, Content: Screen>(
    settings: DisplaySettings, title: String? = nil,
    load: @escaping @Sendable () async throws -> Value,
    build: @escaping (Value) -> Content, update: ((Content, Value) -> Void)? = nil,
    cache: LoadCache<Int, Value>? = nil, key: Int = 0,
    onHierarchyChange: (@MainActor () -> Void)? = nil
  ) -> LoadingController<Value> {
    let options = settings.loadingOptions
    let trace = settings.trace
    let loadingScreen = { () -> Screen in
      let spinner = SpinnerScreen(style: options.spinner, label: options.label)
      if let onHierarchyChange {
        spinner.observeLifecycle { event in
          if case .didMove = event.hook { onHierarchyChange() }
        }
      }
      return spinner
    }
    let mounting = { (value: Value) -> Content in
      let content = build(value)
      content.observeLifecycle { event in
        if case .didMove(toParent: .some) = event.hook { trace.record(.mount) }
      }
      return content
    }
    let controller = LoadingController(
      load: load, cache: cache?.slot(for: key), options: options, loadingScreen: loadingScreen,
      build: mounting, update: update)
    if let title { controller.title = title }
    return controller
  }
}
