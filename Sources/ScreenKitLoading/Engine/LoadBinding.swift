package import ScreenKit

/// A screen's tie to the runner of its load: the one sequence both loading variants follow
/// when the screen appears, leaves or changes presence, and when it asks for a load.
///
/// On each appearance the runner is placed on the stage's scheduler, listed for the load
/// inspector, and attached (a keyed load follows its key again; a value invalidated while the
/// screen was away reloads); then it hears the screen's presence. A `LoadingController` loads
/// when it appears idle; a `Loading` screen begins its load itself, through ``begin()``.
@MainActor
package struct LoadBinding<Value: Sendable> {
  /// When the first load starts.
  package enum FirstLoad {
    /// When the screen appears with nothing loaded or loading.
    case onAppear
    /// When the screen begins it.
    case byScreen
  }

  package let runner: LoadRunner<Value>
  /// The screen whose load it is; set once the screen exists.
  weak var screen: Screen?
  private let firstLoad: FirstLoad

  package init(_ runner: LoadRunner<Value>, of screen: Screen? = nil, firstLoad: FirstLoad) {
    self.runner = runner
    self.screen = screen
    self.firstLoad = firstLoad
  }

  /// The screen begins a load, on the stage: as an appearance, then a start.
  func begin() {
    screenDidAppear(beginning: true)
  }

  /// The screen appeared (or, `beginning`, began its load).
  func screenDidAppear(beginning: Bool = false) {
    if let screen, let stage = screen.stage {
      stage.scheduler.loadRegistry.add(runner, of: screen)
      runner.attach(to: stage.scheduler, loadsWhenIdle: firstLoad == .onAppear)
      if beginning { runner.start() }
    }
    presenceDidChange()
  }

  /// Cancels the load and stops following the key, before the screen's children disappear.
  func screenWillDisappear() {
    runner.detach()
  }

  /// Tells the runner whether the screen is present and the terminal focused.
  func presenceDidChange() {
    guard let screen else { return }
    runner.setPresence(
      isPresent: screen.isPresent, terminalHasFocus: screen.stage?.terminalHasFocus ?? true)
  }

  /// Loads again after a failure, or refreshes; nothing while the screen is off stage.
  func reload() {
    guard isOnStage else { return }
    runner.start()
  }

  /// Starts (or joins) a refresh and returns when it ends; at once off stage.
  func refresh() async {
    guard isOnStage else { return }
    await runner.refresh()
  }

  /// The value of the key now (see `LoadingController.valueForCurrentKey()`).
  func valueForCurrentKey() async throws -> Value {
    try await runner.valueForCurrentKey(canLoad: isOnStage)
  }

  /// Whether the screen is on a stage, whose scheduler the runner then uses.
  private var isOnStage: Bool {
    guard let stage = screen?.stage else { return false }
    runner.use(stage.scheduler)
    return true
  }
}
