import ScreenKit

/// One episode of the series; it is its own row in the episodes list.
struct Episode: Decodable, Sendable, Hashable, ListRowDisplayable {
  /// The episode's number in the series.
  let number: Int
  /// The episode's title, in any script (the list row's title adds the number).
  let name: String
  /// The release date, `YYYY-MM-DD`.
  let date: String
  /// The running time.
  let durationMinutes: Int
  /// A paragraph about the episode.
  let synopsis: String
  /// The id of the collection it belongs to.
  let collection: String

  private enum CodingKeys: String, CodingKey {
    case number
    case name = "title"
    case date
    case durationMinutes
    case synopsis
    case collection
  }

  /// `#07`, the number as the list and the detail show it.
  var label: String {
    number < 10 ? "#0\(number)" : "#\(number)"
  }

  /// `#07  Title`.
  var title: String { "\(label)  \(name)" }
  /// The release date.
  var detail: String? { date }
  /// The running time, right-aligned.
  var badge: String? { "\(durationMinutes) min" }
  /// The title alone: a reader says the number's `#07` as "number sign zero seven" on every
  /// move, where the position it says on request tells the same.
  var accessibilityLabel: String { name }
}
