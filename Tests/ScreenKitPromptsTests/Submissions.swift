import ScreenKit
import ScreenKitPrompts
import ScreenKitTesting

/// The answers a prompt's screen submitted, in order, and its harness.
@MainActor
final class Submissions<Value> {
  var values: [Value] { box.values }
  private let box: Box<Value>
  let harness: ScreenHarness

  /// Mounts `prompt`'s screen, drawn in `theme`, at `width` and the prompt's rows (or
  /// `height`), in an inline region.
  init<P: Prompt>(
    _ prompt: P, theme: PromptTheme = .standard, width: Int = 40, height: Int? = nil
  ) where P.Value == Value {
    // NB: the screen calls back into a box made before it, as `self` cannot be captured yet.
    let box = Box<Value>()
    let screen = prompt.makeScreen(theme: theme) { value in box.values.append(value) }
    self.box = box
    let rows = height ?? prompt.rows
    // NB: inline, as `Prompts` runs them: a spinner is a status line at the top-left.
    var environment = EnvironmentValues()
    environment.presentation = .inline(height: rows, exit: .clear)
    harness = ScreenHarness(
      root: screen, size: Size(width: width, height: rows), environment: environment)
  }
}

/// The answers submitted, before the harness exists.
@MainActor
private final class Box<Value> {
  var values: [Value] = []
}
