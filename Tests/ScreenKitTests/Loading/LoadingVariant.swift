import ScreenKit
import ScreenKitTesting
import Testing

/// The two ways ScreenKit loads a screen's value, driven the same way by the shared suite.
enum LoadingVariant: String, CaseIterable, CustomTestStringConvertible {
  case container
  case protocolExtension

  var testDescription: String { rawValue }

  /// A root screen loading through this variant, and a way to read its state.
  @MainActor
  func make(
    _ source: LoadSource<String>, options: LoadingOptions = LoadingOptions()
  ) -> LoadingSubject {
    switch self {
    case .container:
      let controller = LoadingController(
        source: source, options: options,
        build: { ContentScreen(value: $0) },
        update: { screen, value in screen.value = value })
      return LoadingSubject(
        screen: controller, state: { controller.state }, cancel: { controller.runner.cancel() })
    case .protocolExtension:
      let screen = LoadingContentScreen(source: source, options: options)
      return LoadingSubject(
        screen: screen, state: { screen.loadingState }, cancel: { screen.cancelLoading() })
    }
  }
}

@MainActor
struct LoadingSubject {
  let screen: Screen
  let state: () -> LoadingState<String>
  /// Cancels the load the way the variant offers it to its user.
  let cancel: () -> Void
}

/// The content a `LoadingController` builds in the shared suite.
@MainActor
final class ContentScreen: Screen {
  var value: String {
    didSet {
      title = "Detail \(value)"
      setNeedsDisplay()
    }
  }
  private(set) var builds = 0

  init(value: String) {
    self.value = value
    super.init()
    name = "Content"
    title = "Detail \(value)"
    keyHints = [KeyHint(.enter, "play")]
  }

  override var canBecomeFocused: Bool { true }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText("content: \(value)", at: .zero)
  }
}

/// The same content written with the `Loading` protocol.
@MainActor
final class LoadingContentScreen: Screen, Loading {
  let loadingIndicator = LoadingIndicator<String>()
  private(set) var value: String?
  private let source: LoadSource<String>
  private let options: LoadingOptions

  init(source: LoadSource<String>, options: LoadingOptions) {
    self.source = source
    self.options = options
    super.init()
    name = "LoadingContent"
  }

  func configure(value: String) {
    self.value = value
    title = "Detail \(value)"
    setNeedsDisplay()
  }

  override var canBecomeFocused: Bool { true }

  override func didAppear() {
    if case .idle = loadingState { load(source: source, options: options) }
  }

  override func willDisappear() {
    cancelLoading()
  }

  override func draw(in canvas: inout Canvas) {
    if loadingIndicator.draw(in: &canvas) { return }
    if let value { canvas.drawText("content: \(value)", at: .zero) }
    loadingIndicator.drawOverlay(in: &canvas)
  }

  override func handle(_ key: Key) -> Bool {
    loadingIndicator.handle(key)
  }
}

/// A parent that can take the loading screen away, as navigation does.
@MainActor
final class Holder: Screen {
  override init() {
    super.init()
    name = "Holder"
  }
}

struct SampleError: Error, CustomStringConvertible {
  var description: String { "The server is down" }
}
