/// A weak reference to a screen, for remembering focus without keeping screens alive.
@MainActor
struct WeakScreen {
  weak var screen: Screen?
}
