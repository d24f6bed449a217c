import ScreenKit
import ScreenKitLoading

/// `Demo load-probe protocol`: one screen conforming to `Loading` whose loader shows the
/// spinner while it loads; then the screen draws its one line of text.
final class ProtocolProbeScreen: Screen, Loading {
  /// The stored state the protocol extension needs.
  let screenLoad = ScreenLoad<String>()
  /// Called when the value is first configured: this variant's counterpart of mounting the
  /// built child, for the trace's `mount`.
  var onMount: (@MainActor () -> Void)?

  private let options: LoadOptions
  private let fetch: @Sendable () async throws -> String
  private var text: String?

  /// Creates the screen; `loader` runs when it appears.
  init(options: LoadOptions, loader: @escaping @Sendable () async throws -> String) {
    self.options = options
    self.fetch = loader
    super.init()
  }

  /// Shows the loaded line.
  func configure(value: String) {
    let isFirst = text == nil
    text = value
    setNeedsDisplay()
    if isFirst { onMount?() }
  }

  override func didAppear() {
    if case .idle = loadState { load(options: options, fetch) }
  }

  override func draw(in canvas: inout Canvas) {
    if let text { canvas.drawText(text, at: .zero) }
  }
}
