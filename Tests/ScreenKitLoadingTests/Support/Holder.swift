import ScreenKit

/// A parent that can take the loading screen away, as navigation does.
@MainActor
final class Holder: Screen {
  override init() {
    super.init()
    name = "Holder"
  }
}
