public import ScreenKit
import ScreenKitCurses

/// What a screen run by ``InlineRun`` holds to print above its region, change its height,
/// and finish.
@MainActor
public final class InlineRunContext<Value: Sendable> {
  weak var application: CursesApplication?
  /// The value finished with, once ``finish(_:)`` was called.
  public private(set) var value: Value?

  init() {}

  /// Prints one line above the region, its runs each in its style; it stays in the
  /// scrollback.
  public func print(_ runs: [(text: String, style: Style)]) {
    application?.print(runs)
  }

  /// Makes the region `rows` rows high (at most the terminal's height).
  public func setHeight(_ rows: Int) {
    application?.setInlineHeight(rows)
  }

  /// Ends the run with `value`; only the first call counts.
  ///
  /// The lines printed are drawn, the region is cleared, and ``InlineRun/run(rows:_:)``
  /// returns the value.
  public func finish(_ value: Value) {
    guard self.value == nil else { return }
    self.value = value
    application?.quit()
  }
}
