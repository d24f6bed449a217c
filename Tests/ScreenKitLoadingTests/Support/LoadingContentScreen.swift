import ScreenKit
import ScreenKitLoading

/// The same content written with the `Loading` protocol, as its documentation writes it: the
/// core gives it focus, the loading keys, the spinner, error and badge, and cancelling on
/// removal, so it forwards nothing.
@MainActor
final class LoadingContentScreen: Screen, Loading {
  let screenLoad = ScreenLoad<String>()
  private(set) var value: String?
  private let source: LoadSource<String>
  private let options: LoadOptions
  private let cache: LoadCache<String, String>?
  private let key: String

  init(
    source: LoadSource<String>, options: LoadOptions,
    cache: LoadCache<String, String>? = nil, key: String = "key"
  ) {
    self.source = source
    self.options = options
    self.cache = cache
    self.key = key
    super.init()
    name = "LoadingContent"
  }

  func configure(value: String) {
    self.value = value
    title = "Detail \(value)"
    setNeedsDisplay()
  }

  /// Loads when first shown, or again after a cancelled load, as a `LoadingController` does.
  override func didAppear() {
    guard case .idle = loadState else { return }
    load(source: source, cache: cache?.slot(for: key), options: options)
  }

  override func draw(in canvas: inout Canvas) {
    if let value { canvas.drawText("content: \(value)", at: .zero) }
  }
}
