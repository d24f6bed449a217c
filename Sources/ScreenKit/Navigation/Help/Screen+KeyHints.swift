extension Screen {
  /// This screen's key hints followed by those of every screen its unhandled keys reach, each
  /// key label once (the innermost hint wins).
  ///
  /// The chain follows key routing: parents, except that an overlay skips the screen it
  /// covers, whose keys are not live while the overlay is up.
  public var keyHintsInScope: [KeyHint] {
    var result: [KeyHint] = []
    var seen: Set<String> = []
    var screen: Screen? = self
    while let current = screen {
      for hint in current.keyHints where seen.insert(hint.key).inserted {
        result.append(hint)
      }
      screen = current.keyRouteParent
    }
    return result
  }
}
