import ScreenKit

/// A parent that takes every key its children leave, and remembers them: what a parent with
/// keys of its own (an `r` of its own, an Esc that goes back) would be handed.
@MainActor
final class KeyRecorder: Screen {
  private(set) var keys: [Key] = []

  override init() {
    super.init()
    name = "KeyRecorder"
  }

  override func handle(_ key: Key) -> Bool {
    keys.append(key)
    return true
  }
}
