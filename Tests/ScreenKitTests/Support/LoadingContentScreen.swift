import ScreenKit

/// The same content written with the `Loading` protocol, as its documentation writes it: the
/// core gives it focus, the loading keys, the spinner, error and badge, and cancelling on
/// removal, so it forwards nothing.
@MainActor
final class LoadingContentScreen: Screen, Loading {
  let loader = ScreenLoader<String>()
  private(set) var value: String?
  private let source: LoadSource<String>
  private let options: LoadingOptions
  private let cache: LoadCache<String, String>?
  private let key: String

  init(
    source: LoadSource<String>, options: LoadingOptions,
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
    guard case .idle = loadingState else { return }
    if let cache {
      load(cache: cache, key: key, source: source, options: options)
    } else {
      load(source: source, options: options)
    }
  }

  override func draw(in canvas: inout Canvas) {
    if let value { canvas.drawText("content: \(value)", at: .zero) }
  }
}
