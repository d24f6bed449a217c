/// What the picker ended with; `Demo pick` turns it into its output and exit status.
package enum PickOutcome: Equatable {
  /// The line chosen, as it was read.
  case chosen(ArraySlice<UInt8>)
  /// Enter with nothing matching.
  case noMatch
  /// Esc or Ctrl-C.
  case cancelled
}
