public import ScreenKit

extension Stage {
  /// The key that opens the load inspector over the root, and closes it again; `nil` (the
  /// default) leaves every key to the screens.
  ///
  /// The inspector is opt-in: it is a tool for whoever builds the application, so a key is
  /// taken from the screens only when the application asks for it, in one line such as
  /// `app.stage.loadInspectorKey = .function(12)` (the demo uses F12). It is one of the stage's
  /// `keyCommands`, which the stage looks at before routing a key to any screen, so no screen
  /// can swallow it.
  ///
  /// The inspector lists each load of a screen on the stage (under the screen's title), then
  /// each cache those screens use, entry by entry: key, state, age, the time the cache keeps it
  /// yet, how many screens show it, how long its last load took and how it failed. `r`
  /// refetches the selected row, `i` invalidates it and `x` removes it from its cache; Esc
  /// closes it too. Its content refreshes once a second while it is open, by a timer that
  /// exists only then: an idle application still never wakes.
  public var loadInspectorKey: Key? {
    get { keyCommands.first { $0.value is LoadInspectorCommand }?.key }
    set {
      let installed = keyCommands.first { $0.value is LoadInspectorCommand }
      if let installed { keyCommands[installed.key] = nil }
      // NB: the same command under the new key, so an inspector already open still closes.
      if let newValue {
        keyCommands[newValue] = installed?.value ?? LoadInspectorCommand()
      }
    }
  }
}
