public import ScreenKit

/// Turns what a stage's focused screen is (its `Semantics`) into the lines of an
/// accessible mode: written once, in order, never redrawn, for a screen reader or a braille
/// display to read as a command-line tool's output.
///
/// After each frame it compares the focused screen's semantics (the root's, where nothing has
/// focus and the root says what it is) with what it said last and says only what changed:
///
/// - another screen has focus, or the same one is another thing: the whole of it, label
///   first (`Episodes, list, 35 items, 1 of 35: Swift Basics, 2016-06-14, 26 min`);
/// - only the selected item moved: the item's label and states alone (`Concurrency`), as a
///   reader says a row on an arrow key: its position and detail are said with the whole, and
///   on request (``reset()``, the accessible mode's Ctrl-L), since each costs a second of
///   speech on every move (docs/accessibility.md measures it);
/// - an item where there was none (a picker's rows came): the item whole (`1 of 6: Swift
///   Basics`); more rows alone say nothing;
/// - work that was busy ended: `Loaded` before what came (`Loaded, Episodes, list, …`).
///
/// A load says its title and its label once (`Episodes: Loading…`), then its percentage in
/// steps of 10 % where it reports one. A focused field with no item of its own (a query) says the selected item of the
/// nearest screen above it that has one (the picker's list, whose keys it forwards).
///
/// Symbols become words (`✔` is "done") and no box-drawing, block or Braille-pattern
/// character is ever in a line (``words(_:)``).
@MainActor
public struct SemanticsAnnouncer {
  private var lastScreen: ObjectIdentifier?
  private var last: Semantics?

  /// An announcer that has said nothing yet.
  public init() {}

  /// The environment variable a user sets once to have every ScreenKit program, and every
  /// session a ScreenKit server gives them, in the accessible mode: `SCREENKIT_ACCESSIBLE=1`.
  public nonisolated static let environmentVariable = "SCREENKIT_ACCESSIBLE"

  /// Whether `value`, that of ``environmentVariable``, asks for the accessible mode: `1`,
  /// `true` or `yes`.
  public nonisolated static func isRequested(by value: String?) -> Bool {
    guard let value else { return false }
    return ["1", "true", "yes"].contains(value.lowercased())
  }

  /// The key the accessible mode keeps for itself: Ctrl-L, which redraws a grid elsewhere,
  /// says the focused screen whole again ("where am I"), after ``reset()``.
  public nonisolated static let whereAmIKey = Key.control("l")

  /// The lines to write after a frame of `stage`; empty when nothing a reader hears changed.
  public mutating func lines(after stage: Stage) -> [String] {
    // NB: a stage where nothing takes keys (a progress display) is said by its root.
    let screen = stage.focusedScreen ?? stage.root
    guard screen.effectiveSemantics != nil || stage.focusedScreen != nil else { return [] }
    var semantics = screen.effectiveSemantics ?? Semantics(role: .text)
    if semantics.item == nil, semantics.role == .field {
      semantics.item = Self.item(above: screen)
    }
    let title = Self.title(above: screen)
    if semantics.label.isEmpty {
      semantics.label = title
    } else if semantics.role == .progress, !title.isEmpty, title != semantics.label {
      semantics.label = "\(title): \(semantics.label)"
    }
    let identity = ObjectIdentifier(screen)
    defer {
      lastScreen = identity
      last = semantics
    }
    guard let last else { return [Self.whole(semantics)] }
    if last == semantics && lastScreen == identity { return [] }
    var previous = last
    previous.item = semantics.item
    if lastScreen == identity, previous == semantics, let item = semantics.item {
      // NB: an item that appears (rows came) is said whole; one whose count alone changed
      // (rows streaming in) is not said again.
      guard let was = last.item else { return [Self.words(Self.item(item))] }
      if was.index == item.index, was.label == item.label, was.states == item.states {
        return []
      }
      return [Self.words(Self.moved(item))]
    }
    if last.role == .progress, semantics.role != .progress, semantics.role != .alert {
      return ["Loaded, " + Self.whole(semantics)]
    }
    return [Self.whole(semantics)]
  }

  /// Forgets what was said, so that the next frame says the focused screen whole, its item
  /// with position and detail (a "where am I" key, or output that was cleared).
  public mutating func reset() {
    lastScreen = nil
    last = nil
  }

  /// The whole of `semantics` in one line: label, role, value, states, item, keys.
  public static func whole(_ semantics: Semantics) -> String {
    var parts: [String] = []
    if !semantics.label.isEmpty { parts.append(semantics.label) }
    // NB: a load says what it loads and nothing of its spinner: "Episodes: Loading…".
    if semantics.role == .progress {
      if let value = semantics.value, !value.isEmpty { parts.append(value) }
      return words(parts.joined(separator: ", "))
    }
    parts.append(semantics.role.rawValue)
    if let value = semantics.value, !value.isEmpty { parts.append(value) }
    parts += semantics.states.map(\.rawValue)
    if let item = semantics.item { parts.append(Self.item(item)) }
    if !semantics.hints.isEmpty {
      parts.append("keys: " + semantics.hints.map(\.description).joined(separator: ", "))
    }
    return words(parts.joined(separator: ", "))
  }

  /// An item said whole: its position, label, states and detail
  /// (`2 of 35: Concurrency, 2017-06-16, 19 min`).
  public static func item(_ item: Semantics.Item) -> String {
    let detail = item.detail.map { $0.isEmpty ? "" : ", " + $0 } ?? ""
    return "\(item.index + 1) of \(item.count): \(moved(item))\(detail)"
  }

  /// An item as a move to it says it: its label and states (`Concurrency, checked`).
  public static func moved(_ item: Semantics.Item) -> String {
    item.label + item.states.map { ", " + $0.rawValue }.joined()
  }

  /// `text` in words: symbols a reader would spell out or skip (`✔`, `↑↓`, `›`) become words
  /// or go, and box-drawing, block and Braille-pattern characters (U+2500–U+259F,
  /// U+2800–U+28FF) are dropped; runs of spaces become one.
  public static func words(_ text: String) -> String {
    var result = ""
    for character in text {
      if let word = symbolWords[character] {
        result += word
        continue
      }
      let scalar = character.unicodeScalars.first?.value ?? 0
      if (0x2500...0x259F).contains(scalar) || (0x2800...0x28FF).contains(scalar) {
        result += " "
        continue
      }
      result.append(character)
    }
    var squeezed = ""
    for character in result where !(character == " " && (squeezed.last == " " || squeezed.isEmpty))
    {
      squeezed.append(character)
    }
    while squeezed.last == " " { squeezed.removeLast() }
    return squeezed
  }

  /// The words symbols stand for, as a reader would say them.
  private static let symbolWords: [Character: String] = [
    "✔": "done", "✓": "done", "✖": "failed", "✗": "failed", "✘": "failed",
    "⚠": "warning", "↑": " up ", "↓": " down ", "←": " left ", "→": " right ",
    "↵": " Enter ", "⏎": " Enter ", "›": " ", "‹": " ", "•": " ", "·": " ", "★": "star",
    "☆": "no star",
    "●": "on", "○": "off", "◉": "selected", "◯": "not selected", "▸": " ", "▾": " ",
  ]

  /// The selected item of the nearest screen above `screen` that has one: a field that
  /// filters a list (a picker's query) says the line chosen, which its keys move.
  private static func item(above screen: Screen) -> Semantics.Item? {
    var node = screen.parent
    while let current = node {
      if let item = current.effectiveSemantics?.item { return item }
      node = current.parent
    }
    return nil
  }

  /// The title of `screen` or of the nearest screen above it that has one.
  private static func title(above screen: Screen) -> String {
    var node: Screen? = screen
    while let current = node {
      if !current.title.isEmpty { return current.title }
      node = current.parent
    }
    return ""
  }
}
