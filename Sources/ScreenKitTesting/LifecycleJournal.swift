public import ScreenKit

/// Every lifecycle call made on the screens of a stage, in order, as values to assert.
@MainActor
public final class LifecycleJournal {
  /// The calls recorded since the last ``clear()``, oldest first.
  public var events: ArraySlice<LifecycleEvent> { allEvents[start...] }
  /// Every call recorded, including those before a ``clear()``.
  public private(set) var allEvents: [LifecycleEvent] = []
  private var start = 0

  /// Creates an empty journal.
  public init() {}

  /// Appends a call.
  public func record(_ event: LifecycleEvent) {
    allEvents.append(event)
  }

  /// Starts ``events`` afresh; ``violations`` still checks every call ever recorded.
  public func clear() {
    start = allEvents.endIndex
  }

  /// The recorded calls as text, such as `["Root.willAppear", "Root.didAppear"]`.
  public var descriptions: [String] { events.map(\.description) }

  /// The calls made on one screen, by name.
  public func events(of screen: String) -> [LifecycleEvent.Hook] {
    events.filter { $0.screen == screen }.map(\.hook)
  }

  /// Every ordering rule the recorded calls break, as messages; empty when all hold.
  ///
  /// Per screen: `didLoad` once, before its first `willAppear`; appearance calls alternate
  /// `willAppear`, (`didAppear`), `willDisappear`, `didDisappear`; a `willMove` is followed by
  /// its `didMove`.
  public var violations: [String] {
    var problems: [String] = []
    var state: [Key: AppearancePhase] = [:]
    var loaded: Set<Key> = []
    var moving: [Key: String?] = [:]
    for event in allEvents {
      let name = Key(event)
      let current = state[name] ?? .disappeared
      switch event.hook {
      case .didLoad:
        if !loaded.insert(name).inserted { problems.append("\(name) loaded twice") }
      case .willAppear:
        if !loaded.contains(name) { problems.append("\(name) appeared before loading") }
        if current != .disappeared && current != .disappearing {
          problems.append("\(name).willAppear while \(current)")
        }
        state[name] = .appearing
      case .didAppear:
        if current != .appearing { problems.append("\(name).didAppear while \(current)") }
        state[name] = .appeared
      case .willDisappear:
        if current != .appeared && current != .appearing {
          problems.append("\(name).willDisappear while \(current)")
        }
        state[name] = .disappearing
      case .didDisappear:
        if current != .disappearing { problems.append("\(name).didDisappear while \(current)") }
        state[name] = .disappeared
      case .willMove(let parent):
        if moving[name] != nil { problems.append("\(name).willMove twice without didMove") }
        moving[name] = .some(parent)
      case .didMove(let parent):
        if let expected = moving[name], expected != parent {
          problems.append(
            "\(name).didMove(toParent: \(parent ?? "nil")) after a different willMove")
        } else if moving[name] == nil {
          problems.append("\(name).didMove without willMove")
        }
        moving[name] = nil
      }
    }
    for (name, parent) in moving.sorted(by: { $0.key.name < $1.key.name }) {
      problems.append("\(name).willMove(toParent: \((parent ?? nil) ?? "nil")) without didMove")
    }
    return problems
  }

  /// A screen in the journal: its name, told apart by its serial number when known.
  private struct Key: Hashable, CustomStringConvertible {
    let name: String
    let serialNumber: Int?
    init(_ event: LifecycleEvent) {
      name = event.screen
      serialNumber = event.screenSerialNumber
    }
    var description: String { name }
  }
}
