import Locking

/// What the tasks of a group report, from any thread, and what the screen reads when it draws:
/// reports only change this state, so a thousand reports a second cost no frame.
final class TaskGroupState: Sendable {
  /// A task that is running, as its row shows it.
  struct Row: Sendable {
    let id: Int
    let label: String
    var fraction: Double?
    var detail: String?
    let started: Duration
  }

  /// A line for above the region: a log, or a task that finished.
  enum Line: Sendable {
    case log(String)
    case finished(TaskOutcome)
  }

  private struct Store {
    var running: [Row] = []
    var lines: [Line] = []
    var outcomes: [TaskOutcome] = []
    var nextID = 0
    var added = 0
    var isDone = false
  }

  private let store = Locked(Store())
  /// The time since the group started.
  let now: @Sendable () -> Duration
  /// Where lines go at once, in order, when no region shows them (nobody's terminal).
  let sink: (@Sendable (Line) -> Void)?

  init(now: @escaping @Sendable () -> Duration, sink: (@Sendable (Line) -> Void)? = nil) {
    self.now = now
    self.sink = sink
  }

  /// A new task's id, in the order tasks are added.
  func add() -> Int {
    store.withLock { store in
      store.added += 1
      defer { store.nextID += 1 }
      return store.nextID
    }
  }

  func start(_ id: Int, label: String) {
    let started = now()
    store.withLock { store in
      // NB: rows stay in the order the tasks were added, whichever started first.
      let index = Self.position(of: id, in: store.running)
      store.running.insert(Row(id: id, label: label, started: started), at: index)
    }
  }

  func progress(_ id: Int, fraction: Double?, detail: String?) {
    store.withLock { store in
      guard let index = Self.index(of: id, in: store.running) else { return }
      store.running[index].fraction = fraction.map { min(1, max(0, $0)) }
      if let detail { store.running[index].detail = detail }
    }
  }

  func log(_ text: String) {
    store.withLock { append(.log(text), to: &$0) }
  }

  func finish(_ id: Int, error: (any Error)?) {
    let ended = now()
    store.withLock { store in
      guard let index = Self.index(of: id, in: store.running) else { return }
      let row = store.running.remove(at: index)
      let outcome = TaskOutcome(
        label: row.label, elapsed: ended - row.started, error: error)
      store.outcomes.append(outcome)
      append(.finished(outcome), to: &store)
    }
  }

  /// Marks the group done: every task finished, the body returned.
  func markDone() {
    store.withLock { $0.isDone = true }
  }

  /// Where the row of task `id` is or would go among `rows`, which are in the order of their
  /// ids: a binary search, as each of thousands of tasks reports many times a second.
  private static func position(of id: Int, in rows: [Row]) -> Int {
    var low = 0
    var high = rows.count
    while low < high {
      let middle = (low + high) / 2
      if rows[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The index of the row of task `id`, if it is running.
  private static func index(of id: Int, in rows: [Row]) -> Int? {
    let index = position(of: id, in: rows)
    return index < rows.count && rows[index].id == id ? index : nil
  }

  private func append(_ line: Line, to store: inout Store) {
    // NB: written under the lock, so the lines keep the order the tasks reported them in.
    if let sink { sink(line) } else { store.lines.append(line) }
  }

  /// What a frame shows, and the lines to print above it, taken from the state.
  struct Frame: Sendable {
    var running: [Row]
    var lines: [Line]
    var finished: Int
    var added: Int
    var isDone: Bool
    var outcomes: [TaskOutcome]
  }

  /// The rows running now and the lines not yet printed, which it hands over.
  func takeFrame() -> Frame {
    store.withLock { store in
      defer { store.lines.removeAll(keepingCapacity: true) }
      return Frame(
        running: store.running, lines: store.lines, finished: store.outcomes.count,
        added: store.added, isDone: store.isDone && store.running.isEmpty,
        outcomes: store.isDone ? store.outcomes : [])
    }
  }

  /// Every task's outcome so far, in the order they finished.
  var outcomes: [TaskOutcome] { store.withLock { $0.outcomes } }
}
