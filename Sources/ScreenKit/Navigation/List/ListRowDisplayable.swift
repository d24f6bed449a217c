/// What a ``ListScreen`` needs to show a value as a row: a title, and optionally a dimmed
/// detail and a right-aligned badge.
///
/// Model types conform directly, so one list can show values of different types side by side
/// without a view model per row (here an episode beside a collection of episodes):
///
/// ```swift
/// struct Episode: ListRowDisplayable {
///   var title: String
///   var minutes: Int
///   var detail: String? { "\(minutes) min" }
/// }
/// let list = ListScreen(rows: [Episode(title: "Networking", minutes: 19), swiftBasics])
/// ```
public protocol ListRowDisplayable {
  /// The row's main text.
  var title: String { get }
  /// Secondary text drawn dimmed after the title, if any.
  var detail: String? { get }
  /// A short label drawn at the right edge of the row, such as a count or a state.
  var badge: String? { get }
  /// The title in words, as a screen reader says it on a move to the row: the title where
  /// it adds nothing only the eye needs (a number column, a marker glyph). The detail and
  /// the badge are said after it only when the row is said whole.
  var accessibilityLabel: String { get }
}

extension ListRowDisplayable {
  /// No detail.
  public var detail: String? { nil }
  /// No badge.
  public var badge: String? { nil }
  /// The title.
  public var accessibilityLabel: String { title }
}
