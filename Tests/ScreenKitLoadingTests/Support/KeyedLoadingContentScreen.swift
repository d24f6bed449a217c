import ScreenKit
import ScreenKitLoading

/// The keyed content written with the `Loading` protocol: it calls `load(key:)` once, when it
/// first appears, and the core has it follow the key from then on.
@MainActor
final class KeyedLoadingContentScreen: Screen, Loading {
  let screenLoad = ScreenLoad<String>()
  private(set) var value: String?
  private let key: LoadKey<String>
  private let cache: LoadCache<String, String>?
  private let options: LoadOptions
  private let source: @MainActor (String) -> LoadSource<String>

  init(
    key: LoadKey<String>, cache: LoadCache<String, String>?, options: LoadOptions,
    source: @escaping @MainActor (String) -> LoadSource<String>
  ) {
    self.key = key
    self.cache = cache
    self.options = options
    self.source = source
    super.init()
    name = "KeyedLoadingContent"
  }

  func configure(value: String) {
    self.value = value
    setNeedsDisplay()
  }

  override func didAppear() {
    guard case .idle = loadState else { return }
    load(key: key, cache: cache, options: options, source: source)
  }

  override func draw(in canvas: inout Canvas) {
    if let value { canvas.drawText("content: \(value)", at: .zero) }
  }
}
