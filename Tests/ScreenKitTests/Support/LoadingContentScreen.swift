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

  /// Loads when first shown, or again after a cancelled load, as a `LoadingController` does.
  override func didAppear() {
    if case .idle = loadingState { load(source: source, options: options) }
  }

  override func draw(in canvas: inout Canvas) {
    if let value { canvas.drawText("content: \(value)", at: .zero) }
  }
}
