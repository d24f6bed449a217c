/// Whether a loaded value is refreshed when the terminal gains the user's focus again, the way
/// a browser tab refetches when the user comes back to it.
///
/// The age that counts is the shown value's: the time since the load that delivered it
/// answered, on the stage's scheduler clock. A value a ``LoadCache`` showed and no load of
/// this screen confirmed yet has no known age, so it counts as old.
public enum RefreshOnFocus: Hashable, Sendable {
  /// The value stays as it is when focus comes back.
  case never
  /// The value is refreshed each time focus comes back, however recent it is.
  case always
  /// The value is refreshed when focus comes back once it is at least this old; a younger one
  /// stays.
  case ifOlderThan(Duration)

  /// Whether a value of `age` (`nil`: unknown) is refreshed.
  func refreshes(valueOfAge age: Duration?) -> Bool {
    switch self {
    case .never: false
    case .always: true
    case .ifOlderThan(let limit): age.map { $0 >= limit } ?? true
    }
  }
}
