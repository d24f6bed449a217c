extension Prompts {
  /// Asks a yes-or-no question (``ConfirmPrompt``).
  @MainActor
  public func confirm(_ question: String, id: String, default defaultAnswer: Bool? = nil)
    async throws(PromptError) -> Bool
  {
    try await ask(ConfirmPrompt(question, id: id, default: defaultAnswer))
  }

  /// Asks for a line of text (``TextPrompt``); `validate` returns why a text is not taken.
  @MainActor
  public func text(
    _ question: String, id: String, default defaultAnswer: String? = nil,
    placeholder: String = "", validate: (@Sendable (String) -> String?)? = nil
  ) async throws(PromptError) -> String {
    try await ask(
      TextPrompt(
        question, id: id, default: defaultAnswer, placeholder: placeholder, validate: validate))
  }

  /// Asks for a secret, masked and never shown again (``SecretPrompt``).
  @MainActor
  public func secret(
    _ question: String, id: String,
    validate: @escaping @Sendable (String) -> String? = { $0.isEmpty ? "must not be empty" : nil }
  ) async throws(PromptError) -> String {
    try await ask(SecretPrompt(question, id: id, validate: validate))
  }

  /// Asks for one of `choices` (``SelectPrompt``).
  @MainActor
  public func select<Value: Sendable & Equatable>(
    _ question: String, id: String, choices: [Choice<Value>], default defaultAnswer: Value? = nil
  ) async throws(PromptError) -> Value {
    try await ask(SelectPrompt(question, id: id, choices: choices, default: defaultAnswer))
  }

  /// Asks for any number of `choices`, from `minimum` to `maximum` (``MultiSelectPrompt``).
  @MainActor
  public func selectMany<Value: Sendable & Equatable>(
    _ question: String, id: String, choices: [Choice<Value>], default defaultAnswer: [Value]? = [],
    minimum: Int = 0, maximum: Int? = nil
  ) async throws(PromptError) -> [Value] {
    try await ask(
      MultiSelectPrompt(
        question, id: id, choices: choices, default: defaultAnswer, minimum: minimum,
        maximum: maximum))
  }
}
