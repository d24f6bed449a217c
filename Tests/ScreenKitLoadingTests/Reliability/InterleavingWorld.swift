import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

/// A loading screen made during an interleaving run, with its own loader.
@MainActor
final class InterleavingSubject {
  /// What a subject showed when it left the mounted tree; it must not change until it returns.
  struct Snapshot {
    var state: String
    var value: String?
    var content: ObjectIdentifier?
    var loadCalls: Int
  }

  /// The subject's number, in the order subjects were made.
  let number: Int
  let form: FakeLoader<String>.Form
  let loader: FakeLoader<String>
  let screen: Screen
  /// Set while the subject is out of the mounted tree.
  var snapshot: Snapshot?

  init(number: Int, form: FakeLoader<String>.Form, loader: FakeLoader<String>, screen: Screen) {
    self.number = number
    self.form = form
    self.loader = loader
    self.screen = screen
  }

  var name: String { "s\(number)" }

  var state: LoadState<String> {
    if let controller = screen as? LoadingController<String> { return controller.loadState }
    if let screen = screen as? LoadingContentScreen { return screen.loadState }
    return .idle
  }

  /// The value the subject's content shows, if it has content.
  var shownValue: String? {
    if let controller = screen as? LoadingController<String> {
      return (controller.content as? ContentScreen)?.value
    }
    return (screen as? LoadingContentScreen)?.value
  }

  /// The mounted content screen of a container.
  var contentID: ObjectIdentifier? {
    (screen as? LoadingController<String>)?.content.map(ObjectIdentifier.init)
  }

  var currentSnapshot: Snapshot {
    Snapshot(
      state: state.description, value: shownValue, content: contentID,
      loadCalls: loader.callCount)
  }
}

/// How the subjects of a run load: the defaults, or an eager profile with no show delay,
/// a timeout, one automatic retry and Esc cancelling.
enum InterleavingProfile: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case defaults
  case eager

  var testDescription: String { rawValue }

  var options: LoadOptions {
    switch self {
    case .defaults:
      LoadOptions()
    case .eager:
      LoadOptions(
        showDelay: .zero, minimumVisible: .zero, timeout: .seconds(2),
        retry: RetryPolicy(retries: 1, initialBackoff: .milliseconds(300)), escapeCancels: true)
    }
  }
}

/// A navigation screen whose root holds two slots of loading screens, driven one step at a
/// time and checked after every step.
///
/// Every screen ever seen in the tree (spinners, error screens, content, subjects) is retained
/// until the run ends, so that screens which left the tree can be checked too.
@MainActor
final class InterleavingWorld {
  let variant: LoadingVariant
  let profile: InterleavingProfile
  let home = Holder()
  let slots = [Holder(), Holder()]
  let navigation: NavigationScreen
  let harness: ScreenHarness
  private(set) var subjects: [InterleavingSubject] = []
  /// The steps performed so far, with the subjects they picked, for failure messages.
  private(set) var trace: [String] = []
  /// The states mounted subjects were in after some step, such as `loaded` or
  /// `failed (showing last value)`, to prove the scripts reach every state.
  private(set) var statesSeen: Set<String> = []
  /// The state changes of mounted subjects across a step, such as `failed → loading`.
  private(set) var transitionsSeen: Set<String> = []
  private var retained: [ObjectIdentifier: Screen] = [:]
  private var refreshes: [RefreshCall] = []
  private var values = 0

  /// A refresh started through the environment; `isDone` once its action returned.
  private final class RefreshCall {
    let subject: String
    var isDone = false
    init(subject: String) { self.subject = subject }
  }

  init(variant: LoadingVariant, profile: InterleavingProfile) {
    self.variant = variant
    self.profile = profile
    home.name = "Home"
    for (index, slot) in slots.enumerated() {
      slot.name = "Slot\(index)"
      home.addChild(slot)
    }
    navigation = NavigationScreen(root: home)
    harness = ScreenHarness(root: navigation, size: Size(width: 30, height: 6))
    retainTree()
  }

  // MARK: Steps

  /// Performs one step and lets everything it set off run.
  func perform(_ step: InterleavingStep) async {
    let before = subjects.map(\.state.description)
    trace.append(await run(step))
    await harness.settle()
    retainTree()
    for subject in subjects {
      if isMounted(subject.screen) {
        subject.snapshot = nil
        statesSeen.insert("\(subject.state)")
        if subject.number < before.count, before[subject.number] != subject.state.description {
          transitionsSeen.insert("\(before[subject.number]) → \(subject.state)")
        }
      } else if subject.snapshot == nil {
        subject.snapshot = subject.currentSnapshot
      }
    }
  }

  private func run(_ step: InterleavingStep) async -> String {
    switch step {
    case .advance(let milliseconds):
      await harness.advance(by: .milliseconds(milliseconds))
    case .resolve(let number):
      guard let subject = pick(number) else { return "\(step): no subject" }
      let value = nextValue()
      let pending = subject.loader.pendingCount
      subject.loader.resolve(value)
      return "resolve \(subject.name) with \(value) (\(pending) pending)"
    case .reject(let number):
      guard let subject = pick(number) else { return "\(step): no subject" }
      subject.loader.reject(SampleError())
      return "reject \(subject.name)"
    case .end(let number):
      guard let subject = pick(number) else { return "\(step): no subject" }
      subject.loader.end()
      return "end the stream of \(subject.name)"
    case .completeFromAnotherThread(let number, let succeeds):
      guard let subject = pick(number) else { return "\(step): no subject" }
      let loader = subject.loader
      let value = nextValue()
      await Task.detached {
        if succeeds { loader.resolve(value) } else { loader.reject(SampleError()) }
      }.value
      return "\(succeeds ? "resolve" : "reject") \(subject.name) from another thread"
    case .completeTwice(let number, let succeedsFirst):
      guard let subject = pick(number) else { return "\(step): no subject" }
      let value = nextValue()
      guard subject.form != .async else {
        // NB: an async load has no completion to call twice; dropping it would hang its task.
        subject.loader.resolve(value)
        return "resolve async \(subject.name) with \(value) (for complete twice)"
      }
      let success: Result<String, any Error> = .success(value)
      let failure: Result<String, any Error> = .failure(SampleError())
      subject.loader.completeTwice(
        succeedsFirst ? success : failure, then: succeedsFirst ? failure : success)
      return "complete \(subject.name) twice, \(succeedsFirst ? "\(value) first" : "error first")"
    case .press(let key):
      harness.press(key)
    case .resize(let size):
      harness.resize(to: size)
    case .push(let form):
      let subject = makeSubject(form)
      navigation.push(subject.screen)
      return "push new \(form) \(subject.name)"
    case .pop:
      let popped = navigation.pop()
      return "pop \(subjects.first { $0.screen === popped }?.name ?? "nothing")"
    case .add(let form, let slot):
      let subject = makeSubject(form)
      slots[slot].addChild(subject.screen)
      return "add new \(form) \(subject.name) to slot \(slot)"
    case .remove(let number):
      guard let subject = pick(number), !isOnNavigationStack(subject) else {
        return "\(step): skipped"
      }
      subject.screen.removeFromParent()
      return "remove \(subject.name)"
    case .move(let number, let slot):
      guard let subject = pick(number), !isOnNavigationStack(subject) else {
        return "\(step): skipped"
      }
      slots[slot].insertChild(subject.screen, at: 0)
      return "move \(subject.name) to the front of slot \(slot)"
    case .refresh(let number):
      guard let subject = pick(number) else { return "\(step): no subject" }
      let target = subject.screen.children.first ?? subject.screen
      guard let action = target.environment.refresh else {
        return "refresh \(subject.name): no action in the environment"
      }
      let call = RefreshCall(subject: subject.name)
      refreshes.append(call)
      Task {
        await action()
        call.isDone = true
      }
      return "refresh \(subject.name) through the environment of \(target.name)"
    }
    return step.description
  }

  private func pick(_ number: Int) -> InterleavingSubject? {
    subjects.isEmpty ? nil : subjects[subjects.count - 1 - number % subjects.count]
  }

  private func nextValue() -> String {
    values += 1
    return "v\(values)"
  }

  private func makeSubject(_ form: FakeLoader<String>.Form) -> InterleavingSubject {
    let loader = FakeLoader<String>()
    let screen: Screen
    switch variant {
    case .container:
      // NB: the same controller as `LoadingVariant.container`, with a spinner factory that
      // retains each spinner (see the type's comment).
      screen = LoadingController(
        source: loader.source(form), options: profile.options,
        loadingScreen: { [weak self] in
          let spinner = SpinnerScreen()
          self?.retained[ObjectIdentifier(spinner)] = spinner
          return spinner
        },
        build: { ContentScreen(value: $0) },
        update: { screen, value in screen.value = value })
    case .protocol:
      screen = variant.make(loader.source(form), options: profile.options).screen
    }
    let subject = InterleavingSubject(
      number: subjects.count, form: form, loader: loader, screen: screen)
    screen.name = "\(screen.name)-\(subject.name)"
    subjects.append(subject)
    return subject
  }

  private func isOnNavigationStack(_ subject: InterleavingSubject) -> Bool {
    navigation.stack.contains { $0 === subject.screen }
  }

  private func isMounted(_ screen: Screen) -> Bool {
    screen.stage === harness.stage && screen.isDescendant(of: harness.root)
  }

  private func retainTree() {
    for screen in harness.root.subtree { retained[ObjectIdentifier(screen)] = screen }
  }

  // MARK: Invariants

  /// Every invariant the hierarchy breaks now, as messages; empty when all hold.
  func problems() -> [String] {
    var found: [String] = []
    let tree = harness.stage.isMounted ? harness.root.subtree : []
    let inTree = Set(tree.map(ObjectIdentifier.init))
    found += linkProblems(tree: tree, inTree: inTree)
    found += harness.journal.violations.map { "lifecycle: \($0)" }
    if let focused = harness.stage.focusedScreen, !inTree.contains(ObjectIdentifier(focused)) {
      found.append("focus is on \(focused.name), which is not in the mounted tree")
    }
    found += harness.stage.canvas.grid.ruleViolations.map { "canvas: \($0)" }
    found += renderingProblems()
    for subject in subjects {
      if inTree.contains(ObjectIdentifier(subject.screen)) {
        found += displayProblems(subject).map { "\(subject.name) (\(subject.state)): \($0)" }
      } else if let snapshot = subject.snapshot {
        found += removalProblems(subject, since: snapshot).map { "removed \(subject.name): \($0)" }
      }
    }
    return found
  }

  /// The frame drawn from dirty regions equals a full redraw, and a subject on top of the
  /// navigation screen draws what its state says, when the stage is large enough to tell.
  private func renderingProblems() -> [String] {
    var found: [String] = []
    let incremental = harness.lines
    harness.stage.setNeedsDisplay()
    let full = harness.lines
    if incremental != full {
      found.append(
        "the frame drawn from dirty regions \(incremental) differs from a full redraw \(full)")
    }
    let size = harness.stage.size
    guard size.width >= 30, size.height >= 6,
      let top = subjects.first(where: {
        $0.screen === navigation.topScreen && navigation.stack.count > 1
      })
    else { return found }
    // NB: rows 0 and `height - 1` are the navigation bars; the subject draws between them.
    let content = Array(full[1..<(size.height - 1)])
    let text = content.joined(separator: "\n")
    let spinnerVisible: Bool
    if let controller = top.screen as? LoadingController<String> {
      spinnerVisible = controller.loadingScreen != nil
    } else {
      spinnerVisible =
        (top.screen as? LoadingContentScreen)?.screenLoad.runner?.isSpinnerVisible ?? false
    }
    switch top.state {
    case .idle, .loading:
      if spinnerVisible, !text.contains("Loading…") {
        found.append("\(top.name) hides its spinner: \(content)")
      }
      if !spinnerVisible, content.contains(where: { $0.contains { $0 != " " } }) {
        found.append("\(top.name) shows something before its spinner: \(content)")
      }
    case .failed(_, nil):
      if !text.contains("Could not load") {
        found.append("\(top.name) hides its error: \(content)")
      }
    case .loaded(let value), .refreshing(let value), .failed(_, let value?):
      if content.first?.hasPrefix("content: \(value) ") != true {
        found.append("\(top.name) does not show content: \(value): \(content)")
      }
    }
    return found
  }

  /// Parent and child links agree, and exactly the mounted screens are on the stage and
  /// appeared.
  private func linkProblems(tree: [Screen], inTree: Set<ObjectIdentifier>) -> [String] {
    var found: [String] = []
    for screen in tree {
      if screen.stage !== harness.stage {
        found.append("\(screen.name) is mounted without the stage")
      }
      if screen.appearancePhase != .appeared {
        found.append("\(screen.name) is mounted but \(screen.appearancePhase)")
      }
      for child in screen.children where child.parent !== screen {
        found.append(
          "\(child.name) is a child of \(screen.name) with parent \(child.parent?.name ?? "nil")")
      }
      if screen.children.count != Set(screen.children.map(ObjectIdentifier.init)).count {
        found.append("\(screen.name) holds a child twice")
      }
    }
    for screen in retained.values where !inTree.contains(ObjectIdentifier(screen)) {
      if screen.stage != nil { found.append("\(screen.name) is off the tree but keeps its stage") }
      if screen.appearancePhase != .disappeared {
        found.append("\(screen.name) is off the tree but \(screen.appearancePhase)")
      }
      if let parent = screen.parent, !parent.children.contains(where: { $0 === screen }) {
        found.append("\(screen.name) names \(parent.name) as parent, which does not hold it")
      }
    }
    return found
  }

  /// A mounted subject shows exactly one of: loading (a spinner, or nothing yet), the error,
  /// or the content for its state's value (with a refresh badge while refreshing or after a
  /// failed refresh).
  ///
  /// A loaded stream shows the latest value its newest subscription took: no value is dropped
  /// (held while the spinner stays, then lost) or shown stale.
  private func displayProblems(_ subject: InterleavingSubject) -> [String] {
    var found: [String] = []
    if subject.form == .stream, case .loaded(let value) = subject.state,
      let latest = subject.loader.newestStreamValue, latest != value
    {
      found.append("shows \(value), but its stream's latest value is \(latest)")
    }
    switch subject.screen {
    case let controller as LoadingController<String>:
      found += containerProblems(controller)
    case let screen as LoadingContentScreen:
      found += protocolProblems(screen)
    default:
      found.append("unknown subject type")
    }
    return found
  }

  private func containerProblems(_ controller: LoadingController<String>) -> [String] {
    var found: [String] = []
    let badges = controller.children.filter { $0.name == "RefreshBadge" }
    let shown = controller.children.filter { $0.name != "RefreshBadge" }
    let names = shown.map(\.name)
    switch controller.loadState {
    case .idle, .loading:
      let expected = controller.loadingScreen.map { [$0] } ?? []
      if controller.content != nil { found.append("has content while loading") }
      if controller.errorScreen != nil { found.append("has an error screen while loading") }
      if shown.map(ObjectIdentifier.init) != expected.map(ObjectIdentifier.init) {
        found.append("shows \(names), not the spinner or nothing")
      }
      if (controller.loadingScreen != nil) != controller.runner.isSpinnerVisible {
        found.append("spinner screen and runner disagree")
      }
    case .failed(_, nil):
      if controller.content != nil { found.append("has content after a failed first load") }
      if controller.loadingScreen != nil { found.append("keeps the spinner after failing") }
      if controller.errorScreen == nil || shown.count != 1 || shown.first !== controller.errorScreen
      {
        found.append("shows \(names), not the error screen alone")
      }
    case .loaded(let value), .refreshing(let value), .failed(_, let value?):
      if controller.loadingScreen != nil { found.append("keeps the spinner with content") }
      if controller.errorScreen != nil { found.append("keeps the error screen with content") }
      if controller.content == nil || shown.count != 1 || shown.first !== controller.content {
        found.append("shows \(names), not the content alone")
      }
      if let shownValue = (controller.content as? ContentScreen)?.value, shownValue != value {
        found.append("content shows \(shownValue), the state holds \(value)")
      }
    }
    let wantsBadge: Bool
    switch controller.loadState {
    case .refreshing, .failed(_, _?): wantsBadge = true
    default: wantsBadge = false
    }
    if badges.count != (wantsBadge ? 1 : 0) {
      found.append("has \(badges.count) refresh badge(s)")
    }
    return found
  }

  private func protocolProblems(_ screen: LoadingContentScreen) -> [String] {
    var found: [String] = []
    let indicator = screen.screenLoad
    let spinnerVisible = indicator.runner?.isSpinnerVisible ?? false
    switch screen.loadState {
    case .idle, .loading:
      if screen.value != nil { found.append("shows the value \(screen.value ?? "") while loading") }
      if indicator.coversContent != spinnerVisible {
        found.append("covers its content without a spinner")
      }
    case .failed(_, nil):
      if !indicator.coversContent { found.append("does not show the error") }
      if spinnerVisible { found.append("keeps the spinner after failing") }
      if screen.value != nil { found.append("keeps a value after a failed first load") }
    case .loaded(let value), .refreshing(let value), .failed(_, let value?):
      if indicator.coversContent { found.append("covers its content with a spinner or error") }
      if screen.value != value {
        found.append("shows \(screen.value ?? "nothing"), the state holds \(value)")
      }
    }
    return found
  }

  /// Nothing is loaded, built or mounted into a subject after it left the tree.
  private func removalProblems(
    _ subject: InterleavingSubject, since snapshot: InterleavingSubject.Snapshot
  ) -> [String] {
    var found: [String] = []
    let now = subject.currentSnapshot
    if now.state != snapshot.state {
      found.append("state went from \(snapshot.state) to \(now.state)")
    }
    if now.value != snapshot.value {
      found.append("shown value went from \(snapshot.value ?? "nil") to \(now.value ?? "nil")")
    }
    if now.content != snapshot.content { found.append("content was built or replaced") }
    if now.loadCalls != snapshot.loadCalls { found.append("a load started") }
    if subject.state.isInFlight { found.append("a load is still in flight") }
    return found
  }

  // MARK: Ending

  /// Answers every pending load, unmounts, and returns what was left running or broken.
  func finish() async -> [String] {
    for subject in subjects {
      if subject.form == .stream {
        subject.loader.resolve("end")
        while subject.loader.pendingCount > 0 { subject.loader.end() }
      }
      while subject.loader.pendingCount > 0 { subject.loader.resolve("end") }
    }
    await harness.settle()
    retainTree()
    var found = problems()
    harness.stage.unmount()
    await harness.settle()
    found += harness.pendingWork.map { "left running: \($0)" }
    found += harness.journal.violations.map { "lifecycle: \($0)" }
    for screen in retained.values where screen.appearancePhase != .disappeared {
      found.append("\(screen.name) is \(screen.appearancePhase) after unmounting")
    }
    for subject in subjects where subject.state.isInFlight {
      found.append("\(subject.name) is still \(subject.state) after unmounting")
    }
    // NB: a refresh returns in a main-actor task of the world's own, which the harness does
    // not run: it resumes when the main actor next turns, which on a busy machine can come
    // after settle's last quiet round. A refresh still waiting after a thousand more turns is
    // stuck.
    for call in refreshes {
      for _ in 0..<1_000 where !call.isDone { await Task.yield() }
    }
    for call in refreshes where !call.isDone {
      found.append("the refresh of \(call.subject) never returned")
    }
    return found
  }
}
