import ScreenKit

/// A group of tasks running: a row each (spinner, label, bar, time, detail), the rows past the
/// region's height folded into one ("and 183 more"); each frame prints the lines finished
/// since the last above the region.
///
/// The screen reads the group's state on its frame timer (10 frames a second), never per
/// report: a thousand reports between two frames cost one frame.
@MainActor
final class TaskGroupScreen: Screen {
  static let frameInterval = Duration.milliseconds(100)
  /// The widest a label's column gets; a longer label is cut at the column's end.
  static let labelColumn = 28
  static let barWidth = 20

  private let groupTitle: String
  private let state: TaskGroupState
  private let theme: PromptTheme
  private let maximumRows: Int
  private let printLine: @MainActor ([(text: String, style: Style)]) -> Void
  private let setHeight: @MainActor (Int) -> Void
  private let finish: @MainActor (TaskGroupResult) -> Void
  private var taken = TaskGroupState.Frame(
    running: [], lines: [], finished: 0, added: 0, isDone: false, outcomes: [])
  private var tick = 0
  private var height = 1
  private var finished = false

  init(
    title: String, state: TaskGroupState, theme: PromptTheme, maximumRows: Int,
    print: @escaping @MainActor ([(text: String, style: Style)]) -> Void,
    setHeight: @escaping @MainActor (Int) -> Void,
    finish: @escaping @MainActor (TaskGroupResult) -> Void
  ) {
    self.groupTitle = title
    self.state = state
    self.theme = theme
    self.maximumRows = max(1, maximumRows)
    self.printLine = print
    self.setHeight = setHeight
    self.finish = finish
    super.init()
    name = "TaskGroup"
  }

  /// The group's progress in steps of 10 % of the tasks finished, so the accessible mode
  /// says it at most ten times (each task's own line is printed as it ends).
  override var semantics: Semantics? {
    let total = max(taken.added, taken.finished)
    let percent = total == 0 ? 0 : taken.finished * 10 / total * 10
    return Semantics(role: .progress, label: groupTitle, value: "\(percent) %", states: [.busy])
  }

  override func didAppear() {
    guard let ticker = stage?.ticker(interval: Self.frameInterval) else { return }
    tick = ticker.frame
    ticker.subscribe(self) { [weak self] frame in
      self?.tick = frame
      self?.refresh()
    }
    refresh()
  }

  override func willDisappear() {
    stage?.ticker(interval: Self.frameInterval).unsubscribe(self)
  }

  /// Takes the state: prints the lines finished since the last frame, fits the region to the
  /// rows running, and ends the run once the group is done.
  func refresh() {
    guard !finished else { return }
    taken = state.takeFrame()
    for line in taken.lines { printLine(TaskLines.runs(for: line, theme: theme)) }
    if taken.isDone {
      finished = true
      finish(TaskGroupResult(outcomes: taken.outcomes))
      return
    }
    let wanted = min(maximumRows, max(1, taken.running.count))
    if wanted != height {
      height = wanted
      setHeight(wanted)
    }
    setNeedsDisplay()
  }

  override func draw(in canvas: inout Canvas) {
    let rows = max(1, min(bounds.height, maximumRows))
    let running = taken.running
    let spinner = theme.symbols.spinner[tick % theme.symbols.spinner.count]
    guard !running.isEmpty else {
      var x = canvas.drawText(spinner, at: .zero, style: theme.questionMark) + 1
      x += canvas.drawText(groupTitle, at: Point(x: x, y: 0), style: theme.question) + 1
      canvas.drawText("\(taken.finished)/\(taken.added)", at: Point(x: x, y: 0), style: theme.hint)
      return
    }
    let folded = running.count > rows
    let shown = folded ? rows - 1 : running.count
    let labelWidth = min(
      Self.labelColumn, running.prefix(shown).map(\.label.cellWidth).max() ?? 0)
    let now = state.now()
    for (y, row) in running.prefix(shown).enumerated() {
      drawRow(row, y: y, spinner: spinner, labelWidth: labelWidth, now: now, in: &canvas)
    }
    if folded {
      let more = running.count - shown
      canvas.drawText(
        "  and \(more) more (\(taken.finished)/\(taken.added) done)", at: Point(x: 0, y: shown),
        style: theme.hint)
    }
  }

  private func drawRow(
    _ row: TaskGroupState.Row, y: Int, spinner: String, labelWidth: Int, now: Duration,
    in canvas: inout Canvas
  ) {
    var x = canvas.drawText(spinner, at: Point(x: 0, y: y), style: theme.questionMark) + 1
    canvas.drawText(row.label, at: Point(x: x, y: y), maxWidth: labelWidth)
    x += labelWidth + 1
    if let fraction = row.fraction {
      let done = Int((fraction * Double(Self.barWidth)).rounded(.down))
      let bar =
        String(repeating: theme.symbols.barDone, count: done)
        + String(repeating: theme.symbols.barLeft, count: Self.barWidth - done)
      x += canvas.drawText(bar, at: Point(x: x, y: y), style: theme.answer) + 1
      let percent = "\(Int((fraction * 100).rounded(.down)))%"
      x +=
        canvas.drawText(
          String(repeating: " ", count: max(0, 4 - percent.count)) + percent,
          at: Point(x: x, y: y)) + 1
    }
    x +=
      canvas.drawText(
        TaskLines.elapsed(now - row.started), at: Point(x: x, y: y), style: theme.hint) + 1
    if let detail = row.detail {
      canvas.drawText(detail, at: Point(x: x, y: y), style: theme.hint)
    }
  }
}
