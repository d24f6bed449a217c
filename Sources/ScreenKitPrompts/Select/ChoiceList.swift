import ScreenKitMatching

/// What a select holds, apart from how it looks: its rows, those the filter lets through and
/// in which order, the row pointed at and the rows chosen.
///
/// ``ChoiceListScreen`` draws it and hands it keys; rows that stream in or come from a search
/// arrive here. The pointer is a position in ``shown`` and only ever points at a row that can
/// be chosen.
struct ChoiceList {
  /// A row as the list draws it.
  struct Row: Sendable {
    var title: String
    var disabledReason: String?

    init<Value>(_ choice: Choice<Value>) {
      title = choice.title
      disabledReason = choice.disabledReason
    }

    init(title: String, disabledReason: String? = nil) {
      self.title = title
      self.disabledReason = disabledReason
    }
  }

  /// One choice, or many.
  enum Mode {
    case single
    case multiple(minimum: Int, maximum: Int?, chosen: Set<Int>)
  }

  /// A row the filter let through: its index in ``rows``, under its sort key.
  ///
  /// NB: what of its title the filter matched is found when the row is drawn, for the rows on
  /// screen only: a filter over 100,000 rows scores them and keeps no positions.
  struct Shown: Equatable {
    /// The rank in the high bits (0 is the best), the index in the low 31: rows sort as shown
    /// by this number alone (``ChoiceFilter``).
    var key: UInt64

    init(index: Int, rank: UInt64 = 0) {
      key = (rank << 31) | UInt64(index)
    }

    var index: Int { Int(key & ((1 << 31) - 1)) }
  }

  private(set) var rows: [Row]
  let isMultiple: Bool
  let minimum: Int
  let maximum: Int?
  /// The indices chosen, in a multiple select.
  private(set) var chosen: Set<Int>
  /// The rows the filter lets through, best first.
  private(set) var shown: [Shown] = []
  /// The position in ``shown`` pointed at; `nil` when no row there can be chosen.
  private(set) var pointer: Int?
  /// The filters typed and the rows each let through.
  private var filters = ChoiceFilter()

  /// The rows of `rows` all shown, pointed at `start` when it can be chosen, else at the first
  /// row that can.
  init(rows: [Row], mode: Mode, pointed start: Int?) {
    self.rows = rows
    switch mode {
    case .single:
      isMultiple = false
      minimum = 1
      maximum = 1
      chosen = []
    case .multiple(let minimum, let maximum, let chosen):
      isMultiple = true
      self.minimum = minimum
      self.maximum = maximum
      self.chosen = chosen
    }
    filter(by: FuzzyPattern(""))
    if let start, let position = shown.firstIndex(where: { $0.index == start }),
      rows[start].disabledReason == nil
    {
      pointer = position
    }
  }

  /// The index in ``rows`` of the row pointed at.
  var pointedIndex: Int? { pointer.map { shown[$0].index } }

  /// Shows the rows `pattern` matches, best first (in their order while it is empty), and
  /// points at the first that can be chosen.
  mutating func filter(by pattern: FuzzyPattern) {
    shown = filters.shown(for: pattern, in: rows)
    pointer = shown.firstIndex { rows[$0.index].disabledReason == nil }
  }

  /// Shows `rows` in place of those there were, filtered by `pattern`: a search's answer.
  mutating func replaceRows(_ rows: [Row], filteredBy pattern: FuzzyPattern) {
    self.rows = rows
    filters.reset()
    filter(by: pattern)
  }

  /// Adds `newRows` after the rows there are, filtered by `pattern` as the rows shown are:
  /// choices streaming in.
  ///
  /// The pointer stays on the row it points at, wherever the new rows place it; where it
  /// pointed at nothing, it points at the first row that can be chosen.
  mutating func appendRows(_ newRows: [Row], filteredBy pattern: FuzzyPattern) {
    guard !newRows.isEmpty else { return }
    let start = rows.count
    rows += newRows
    if pattern.isEmpty {
      // NB: every row shows, in order: the new ones go after the others, and the pointer
      // stays where it is (a million rows arriving are not mapped again at each frame).
      filters.reset()
      shown += (start..<rows.count).map { Shown(index: $0) }
      if pointer == nil {
        pointer = (start..<rows.count).first { rows[$0].disabledReason == nil }
      }
    } else {
      let pointed = pointedIndex
      shown = filters.shown(for: pattern, in: rows, arrived: start..<rows.count)
      if let pointed {
        pointer = shown.firstIndex { $0.index == pointed }
      } else {
        pointer = shown.firstIndex { rows[$0.index].disabledReason == nil }
      }
    }
  }

  /// Points at `rows[index]` if the filter shows it and it can be chosen; returns whether it
  /// did.
  @discardableResult
  mutating func point(at index: Int) -> Bool {
    guard rows.indices.contains(index), rows[index].disabledReason == nil,
      let position = shown.firstIndex(where: { $0.index == index })
    else { return false }
    pointer = position
    return true
  }

  /// Moves the pointer `steps` rows that can be chosen, stopping at the ends.
  mutating func move(by steps: Int) {
    guard let start = pointer else { return }
    var position = start
    var remaining = abs(steps)
    let step = steps < 0 ? -1 : 1
    var probe = position + step
    while remaining > 0, shown.indices.contains(probe) {
      if rows[shown[probe].index].disabledReason == nil {
        position = probe
        remaining -= 1
      }
      probe += step
    }
    pointer = position
  }

  /// Chooses the row pointed at, or takes it back; returns why it did not (the maximum is
  /// chosen already), or `nil`.
  mutating func toggle() -> String? {
    guard let index = pointedIndex else { return nil }
    if chosen.contains(index) {
      chosen.remove(index)
    } else if let maximum, chosen.count >= maximum {
      return "choose at most \(maximum)"
    } else {
      chosen.insert(index)
    }
    return nil
  }

  /// Why the rows chosen are no answer, or `nil`.
  var chosenMessage: String? {
    Self.countMessage(chosen.count, minimum: minimum, maximum: maximum)
  }

  /// Why `count` choices are no answer, or `nil`.
  static func countMessage(_ count: Int, minimum: Int, maximum: Int?) -> String? {
    if count < minimum { return "choose at least \(minimum)" }
    if let maximum, count > maximum { return "choose at most \(maximum)" }
    return nil
  }
}
