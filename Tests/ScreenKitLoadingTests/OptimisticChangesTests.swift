import Testing

@testable import ScreenKit
@testable import ScreenKitLoading

/// One key's optimistic changes: applied in order to their base, run one at a time, and each
/// settled alone.
@MainActor
@Suite struct OptimisticChangesTests {
  private func change(_ suffix: String) -> OptimisticChanges<String>.Change {
    .init(update: { $0 + suffix }, perform: { nil }, scheduler: Scheduler())
  }

  @Test func theExpectedValueIsTheBaseWithEveryChangeAppliedInOrder() {
    let changes = OptimisticChanges<String>(base: "v")
    changes.append(change(" 1"))
    changes.append(change(" 2"))
    #expect(changes.expected == "v 1 2")
    _ = changes.startNext()
    #expect(changes.expected == "v 1 2", "the running change counts as the others do")
    #expect(OptimisticChanges<String>(base: nil).expected == nil)
  }

  @Test func onlyTheOldestChangeRunsAndTheNextWaitsForItToFinish() {
    let changes = OptimisticChanges<String>(base: "v")
    changes.append(change(" 1"))
    changes.append(change(" 2"))
    #expect(changes.startNext() != nil)
    #expect(changes.startNext() == nil, "one runs")
    #expect(changes.count == 2)
    let finished = changes.finishRunning(with: .value(nil, isFinal: true))
    #expect(finished)
    let finishedAgain = changes.finishRunning(with: .value(nil, isFinal: true))
    #expect(!finishedAgain, "none runs")
    #expect(changes.count == 1)
    #expect(changes.startNext() != nil)
  }

  /// (answer of the first of two changes) → (base, expected) after it.
  nonisolated static let answers: [(LoadAnswer<String?>, String, String)] = [
    (.value(nil, isFinal: true), "v 1", "v 1 2"),
    (.value("server", isFinal: true), "server", "server 2"),
    (.failure(SampleError()), "v", "v 2"),
  ]

  @Test(arguments: answers)
  func aFinishedChangeConfirmsItsValueOrTakesItselfBackAlone(
    answer: LoadAnswer<String?>, base: String, expected: String
  ) {
    let changes = OptimisticChanges<String>(base: "v")
    changes.append(change(" 1"))
    changes.append(change(" 2"))
    _ = changes.startNext()
    _ = changes.finishRunning(with: answer)
    #expect(changes.base == base)
    #expect(changes.expected == expected)
  }
}
