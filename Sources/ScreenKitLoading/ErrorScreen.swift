public import ScreenKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#endif

/// Shows why a load failed, with Retry (r, Enter, or a click on `[r] Retry`).
///
/// Esc is left to the screens above: a navigation stack goes back (and offers `Esc back` in
/// its hint bar only when it can), an overlay closes.
public final class ErrorScreen: Screen {
  /// The error's message.
  public let message: String
  private let onRetry: @MainActor () -> Void

  /// Creates an error screen for `error`; `onRetry` runs when the user asks to try again.
  public init(error: any Error, onRetry: @escaping @MainActor () -> Void) {
    self.message = ErrorScreen.message(for: error)
    self.onRetry = onRetry
    super.init()
    name = "Error"
    title = "Error"
    keyHints = [KeyHint("r", "retry")]
  }

  /// The text shown for `error`: a `LocalizedError`'s description when it has one.
  public nonisolated static func message(for error: any Error) -> String {
    #if canImport(FoundationEssentials)
      if let localized = error as? any LocalizedError, let text = localized.errorDescription {
        return text
      }
    #endif
    return String(describing: error)
  }

  /// Draws the heading, the wrapped message and the choices, centred.
  public override func draw(in canvas: inout Canvas) {
    ErrorScreen.drawError(message, in: &canvas, bounds: bounds)
  }

  /// Draws a failure's heading, wrapped message and choices centred in `bounds`.
  public static func drawError(_ message: String, in canvas: inout Canvas, bounds: Rect) {
    let (lines, box) = layout(of: message, in: bounds)
    func row(_ y: Int) -> Rect { Rect(x: box.minX, y: y, width: box.width, height: 1) }
    canvas.drawText(
      "✖ Could not load", in: row(box.minY), alignment: .center,
      style: Style(foreground: .red, attributes: .bold))
    for (offset, line) in lines.enumerated() {
      canvas.drawText(line, in: row(box.minY + 2 + offset), alignment: .center)
    }
    canvas.drawText(
      retryLabel, in: row(box.minY + 3 + lines.count), alignment: .center, style: .dim)
  }

  /// Where ``drawError(_:in:bounds:)`` puts `[r] Retry` for `message`: the row of the
  /// centred box it is drawn in, which a click anywhere on retries.
  public static func retryRect(for message: String, in bounds: Rect) -> Rect {
    let (lines, box) = layout(of: message, in: bounds)
    return Rect(x: box.minX, y: box.minY + 3 + lines.count, width: box.width, height: 1)
      .intersection(bounds)
  }

  private static func layout(of message: String, in bounds: Rect) -> (lines: [String], box: Rect) {
    let width = min(bounds.width, 60)
    let lines = message.wrapped(toWidth: max(1, width - 2))
    return (lines, bounds.centered(Size(width: width, height: lines.count + 4)))
  }

  /// Retries on a click on `[r] Retry`.
  public override func handleMouse(_ event: MouseEvent) -> Bool {
    guard event.isClick, ErrorScreen.retryRect(for: message, in: bounds).contains(event.position)
    else { return false }
    onRetry()
    return true
  }

  /// Retries on r or Enter.
  public override func handle(_ key: Key) -> Bool {
    switch key {
    case .character("r"), .enter:
      onRetry()
      return true
    default:
      return false
    }
  }

  /// An alert: the message, and the keys that answer it (`r retry`).
  public override var semantics: Semantics? { ErrorScreen.semantics(for: message) }

  /// What an error showing `message` says: an alert that could not load, and `r retry`.
  public static func semantics(for message: String) -> Semantics {
    Semantics(
      role: .alert, label: "Could not load", value: message, hints: [KeyHint("r", "retry")])
  }

  /// The first cell of `[r] Retry`, the focused button.
  public override var focusPoint: Point? {
    ErrorScreen.retryPoint(for: message, in: bounds)
  }

  /// Where ``drawError(_:in:bounds:)`` draws the first cell of `[r] Retry` for `message`: the
  /// button that has the focus, where the terminal's cursor rests.
  public static func retryPoint(for message: String, in bounds: Rect) -> Point {
    let row = retryRect(for: message, in: bounds)
    let spare = max(0, row.width - retryLabel.cellWidth)
    return Point(x: row.minX + spare / 2, y: row.minY)
  }

  private static let retryLabel = "[r] Retry"

  /// The error screen takes focus so Enter retries.
  public override var canBecomeFocused: Bool { true }
}
