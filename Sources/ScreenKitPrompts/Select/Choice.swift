/// A row of a select: its title, the value it answers with, the name an answer from the
/// environment gives it, and, when it cannot be chosen, why.
public struct Choice<Value: Sendable>: Sendable {
  /// What the row shows, and the answer line.
  public var title: String
  /// The answer.
  public var value: Value
  /// What an answer from the environment calls it (its title matches too).
  public var name: String
  /// Why it cannot be chosen, shown beside it; `nil` when it can.
  public var disabledReason: String?

  /// A row showing `title` and answering `value`; `name` defaults to the title.
  public init(_ title: String, value: Value, name: String? = nil, disabled reason: String? = nil) {
    self.title = title
    self.value = value
    self.name = name ?? title
    self.disabledReason = reason
  }

  /// Whether it can be chosen.
  public var isEnabled: Bool { disabledReason == nil }
}

extension Choice where Value == String {
  /// A row showing and answering `title`.
  public init(_ title: String, name: String? = nil, disabled reason: String? = nil) {
    self.init(title, value: title, name: name, disabled: reason)
  }
}

extension Array {
  /// The choices' names as an answer's format says them: `swift|rust|go`, the first few.
  func choiceFormat<Value>() -> String where Element == Choice<Value> {
    let names = filter(\.isEnabled).map(\.name)
    let shown = names.prefix(6).joined(separator: "|")
    return names.count > 6 ? shown + "|…" : shown
  }

  /// The index of the enabled choice `text` names (its name or its title, in any case).
  func choiceIndex<Value>(named text: String) throws(PromptRejection) -> Int
  where Element == Choice<Value> {
    let wanted = text.lowercased()
    guard
      let index = firstIndex(where: {
        $0.name.lowercased() == wanted || $0.title.lowercased() == wanted
      })
    else { throw PromptRejection("answer one of \(choiceFormat())") }
    if let reason = self[index].disabledReason {
      throw PromptRejection("\(self[index].name) cannot be chosen (\(reason))")
    }
    return index
  }
}
