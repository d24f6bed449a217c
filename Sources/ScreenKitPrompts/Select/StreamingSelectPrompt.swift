public import ScreenKit

/// A select whose choices arrive while it asks: the lines of a file or a pipe, the entries of
/// a directory walk, the results a server streams.
///
/// The first choice is shown as it comes, the rest as they arrive, a frame at a time, filtered
/// by what is typed (only the new ones are scored) while the status line says more are
/// loading. The pointer stays on the row it points at as rows arrive, and starts at the
/// default once it arrives, unless a key came first. Enter chooses among the rows there are.
/// If the sequence throws, the rows that came stay and the status line says why the rest did
/// not. The sequence is made when the prompt appears and cancelled when it goes: a source
/// whose `next()` waits must end when its task is cancelled.
///
/// ```swift
/// // `names`: any AsyncSequence of strings (a file's lines, a directory walk).
/// let file = try await prompts.ask(
///   StreamingSelectPrompt("File?", id: "file") {
///     names.map { Choice($0) }
///   })
/// ```
///
/// Its answer line names the choice by ``title``. An answer from the environment reads the
/// choices until one has that name or title; a default answers without reading.
///
/// NB: `SendableMetatype` (any type but one with a main-actor conformance): the sequence is
/// made and read off the main actor, where the prompt's screen is made.
public struct StreamingSelectPrompt<Value: Sendable & Equatable, Source: AsyncSequence>: Prompt
where
  Source.Element == Choice<Value>, Source: SendableMetatype,
  Source.AsyncIterator: SendableMetatype
{
  /// The name of the answer given outside the terminal (`<PREFIX>_<ID>`).
  public var id: String
  /// The question, as asked and as the answer line repeats it.
  public var question: String
  /// Makes the sequence of choices; called off the main actor, once per asking.
  public var choices: @Sendable () -> Source
  /// The answer when nobody can be asked, and the row the pointer starts at once it arrives.
  public var defaultAnswer: Value?
  /// The answer line's text for a value.
  public var title: @Sendable (Value) -> String
  /// The most rows shown at once; the terminal's height limits it further.
  public var pageSize: Int

  /// Asks `question` with the choices of the sequence `choices` makes.
  public init(
    _ question: String, id: String, default defaultAnswer: Value? = nil, pageSize: Int = 7,
    title: @escaping @Sendable (Value) -> String = { String(describing: $0) },
    choices: @escaping @Sendable () -> Source
  ) {
    self.question = question
    self.id = id
    self.defaultAnswer = defaultAnswer
    self.pageSize = max(1, pageSize)
    self.title = title
    self.choices = choices
  }

  /// What the environment variable takes, as an error names it.
  public var answerFormat: String { "name" }
  /// The rows of a page, however many arrive: the region does not change height.
  public var rows: Int { pageSize + 2 }

  /// The answer the environment's `text` names: the first choice of that name or title, in
  /// any case, read from the sequence until it comes.
  public func answer(from text: String) async throws(PromptRejection) -> Value {
    let wanted = text.lowercased()
    var seen: [Choice<Value>] = []
    do {
      for try await choice in choices() {
        guard choice.name.lowercased() == wanted || choice.title.lowercased() == wanted else {
          if seen.count < 7 { seen.append(choice) }
          continue
        }
        if let reason = choice.disabledReason {
          throw PromptRejection("\(choice.name) cannot be chosen (\(reason))")
        }
        return choice.value
      }
    } catch let rejection as PromptRejection {
      throw rejection
    } catch {
      throw PromptRejection("the choices stopped: \(error)")
    }
    throw PromptRejection("answer one of \(seen.choiceFormat())")
  }

  /// The answer as the answer line shows it.
  public func answerText(for value: Value, symbols: PromptSymbols) -> String { title(value) }

  /// The screen that asks, calling `submit` once with the answer.
  @MainActor
  public func makeScreen(theme: PromptTheme, submit: @escaping @MainActor (Value) -> Void)
    -> Screen
  {
    StreamingSelectScreen<Value>(
      question: question, theme: theme, defaultAnswer: defaultAnswer,
      feed: Self.feed(from: choices), submit: submit)
  }

  /// Reads the sequence `makeChoices` makes into the screen's inbox, until it ends, throws or
  /// its task is cancelled.
  private static func feed(
    from makeChoices: @escaping @Sendable () -> Source
  ) -> StreamingSelectScreen<Value>.Feed {
    { inbox, wake in
      do {
        for try await choice in makeChoices() {
          guard !Task.isCancelled else { break }
          if inbox.append(choice) { wake() }
        }
        inbox.close(.finished)
      } catch {
        inbox.close(.failed("\(error)"))
      }
      wake()
    }
  }
}
