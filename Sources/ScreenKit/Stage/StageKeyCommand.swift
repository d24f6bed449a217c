/// What the stage does for a key of its own (``Stage/keyCommands``), before any screen sees the
/// key.
///
/// A command is a tool over the whole application, such as an inspector presented over the
/// root: no screen may swallow its key, and it reaches the stage rather than a screen.
@MainActor
public protocol StageKeyCommand {
  /// Does what the key asks on `stage`, which is mounted.
  func perform(on stage: Stage)
}
