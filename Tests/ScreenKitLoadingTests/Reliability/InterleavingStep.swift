import PropertyBased
import ScreenKit
import ScreenKitTesting

/// One thing that can happen to a hierarchy of loading screens, in the random interleavings
/// of ``Reliability/InterleavingPropertyTests``.
///
/// Subjects are the loading screens a run creates; `subject: n` picks the one made `n`
/// before the newest, counting round past the oldest (nothing happens while there are none),
/// so a removed subject can still be picked for a late completion. Traces name subjects
/// `s0`, `s1`, … in the order they were made.
enum InterleavingStep: Sendable, Equatable, CustomStringConvertible {
  /// Lets virtual time pass.
  case advance(milliseconds: Int)
  /// Answers the subject's oldest pending load with a new value; a stream takes it as its
  /// next value and stays pending.
  case resolve(subject: Int)
  /// Answers the subject's oldest pending load with an error.
  case reject(subject: Int)
  /// Ends the subject's oldest open stream without an error (with or without values).
  case end(subject: Int)
  /// Answers the subject's oldest pending load from a detached task on another thread.
  case completeFromAnotherThread(subject: Int, succeeds: Bool)
  /// Calls a callback load's completion twice (a value and an error, in either order), or
  /// sends both to a stream; an async load is simply resolved.
  case completeTwice(subject: Int, succeedsFirst: Bool)
  /// Presses a key on the stage.
  case press(Key)
  /// Resizes the stage.
  case resize(Size)
  /// Makes a subject and pushes it on the navigation screen.
  case push(FakeLoader<String>.Form)
  /// Pops the navigation screen.
  case pop
  /// Makes a subject and adds it to one of the two slots of the navigation root, even while
  /// that root is covered by a pushed screen.
  case add(FakeLoader<String>.Form, slot: Int)
  /// Removes a subject from its slot; subjects on the navigation stack are left alone.
  case remove(subject: Int)
  /// Moves a subject that is not on the navigation stack to the front of a slot: a move to
  /// the other slot, a reorder within its own, or a return of a removed subject.
  case move(subject: Int, slot: Int)
  /// Calls the refresh action from the environment of the subject (or its first child).
  case refresh(subject: Int)

  /// The keys a run may press; retry and refresh keys come up more often than the others.
  static let keys: [Key] = [
    "r", .enter, .escape, "r", .up, .down, .enter, .left, .right, "r", "q", .tab, "h",
  ]

  /// The sizes a run may resize to, from nothing at all to a full terminal.
  static let sizes: [Size] = [
    Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1),
    Size(width: 1, height: 4), Size(width: 12, height: 3), Size(width: 30, height: 6),
    Size(width: 80, height: 24), Size(width: 0, height: 5),
  ]

  /// Decodes a step from three numbers, so that shrinking the numbers towards 0 shrinks the
  /// step towards the simplest one (a short wait).
  init(code: Int, argument: Int, choice: Int) {
    let subject = argument % 4
    let form = FakeLoader<String>.Form.allCases[choice % FakeLoader<String>.Form.allCases.count]
    let slot = choice / 3 % 2
    switch code {
    case 0...1: self = .advance(milliseconds: argument)
    case 2...5: self = .resolve(subject: subject)
    case 6...7: self = .reject(subject: subject)
    case 8: self = .completeFromAnotherThread(subject: subject, succeeds: choice % 2 == 0)
    case 9: self = .completeTwice(subject: subject, succeedsFirst: choice % 2 == 0)
    case 10...13: self = .press(Self.keys[argument % Self.keys.count])
    case 14: self = .resize(Self.sizes[argument % Self.sizes.count])
    case 15...16: self = .push(form)
    case 17: self = .pop
    case 18: self = .add(form, slot: slot)
    case 19: self = .remove(subject: subject)
    case 20: self = .move(subject: subject, slot: slot)
    case 21...22: self = .refresh(subject: subject)
    default: self = .end(subject: subject)
    }
  }

  /// A generator of single steps.
  static var generator: Generator<InterleavingStep, some SendableSequenceType> {
    zip(Gen.int(in: 0...23), Gen.int(in: 0...1000), Gen.int(in: 0...5))
      .map { code, argument, choice in
        InterleavingStep(code: code, argument: argument, choice: choice)
      }
  }

  var description: String {
    func name(_ subject: Int) -> String { subject == 0 ? "the newest" : "newest−\(subject)" }
    return switch self {
    case .advance(let milliseconds): "advance \(milliseconds) ms"
    case .resolve(let subject): "resolve \(name(subject))"
    case .reject(let subject): "reject \(name(subject))"
    case .end(let subject): "end the stream of \(name(subject))"
    case .completeFromAnotherThread(let subject, let succeeds):
      "\(succeeds ? "resolve" : "reject") \(name(subject)) from another thread"
    case .completeTwice(let subject, let succeedsFirst):
      "complete \(name(subject)) twice, \(succeedsFirst ? "value then error" : "error then value")"
    case .press(let key): "press \(key)"
    case .resize(let size): "resize to \(size)"
    case .push(let form): "push a new \(form) subject"
    case .pop: "pop"
    case .add(let form, let slot): "add a new \(form) subject to slot \(slot)"
    case .remove(let subject): "remove \(name(subject))"
    case .move(let subject, let slot): "move \(name(subject)) to the front of slot \(slot)"
    case .refresh(let subject): "refresh \(name(subject)) through the environment"
    }
  }
}

/// A sequence of steps that reads as a script, one numbered step a line, in failure messages.
struct InterleavingScript: Sendable, CustomStringConvertible {
  var steps: [InterleavingStep]

  /// A generator of scripts of `length` steps.
  static func generator(length: ClosedRange<Int>) -> Generator<
    InterleavingScript, some SendableSequenceType
  > {
    InterleavingStep.generator.array(of: length).map(InterleavingScript.init(steps:))
  }

  var description: String {
    let lines = steps.enumerated().map { index, step in "  \(index + 1). \(step)" }
    return "script of \(steps.count) steps:\n" + lines.joined(separator: "\n")
  }
}
