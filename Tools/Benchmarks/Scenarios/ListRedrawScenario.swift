import ScreenKit

/// A focused `ListScreen` of 100 and of 1,000,000 rows at 80x24, redrawn in full every frame
/// (the selection jumps a page, so every visible row changes and is drawn and written).
struct ListRedrawScenario: Scenario {
  let name = "list"

  func run(_ settings: RunSettings) async -> [Figure] {
    let frames = settings.count(full: 1000, quick: 20)
    var figures: [Figure] = []
    var costs: [Double] = []
    for count in [100, 1_000_000] {
      let list = ListScreen(rows: (0..<count).map { NumberedRow(index: $0) })
      let rig: TerminalRig
      do {
        rig = try TerminalRig(root: list, size: Size(width: 80, height: 24))
      } catch {
        figures.append(
          .notMeasured(name, "full redraw, \(count) rows", unit: "ms", reason: "\(error)"))
        continue
      }
      let page = rig.stage.size.height
      let jump: @MainActor (Int) -> Void = { index in list.select(index % 2 == 0 ? 2 * page - 1 : 0)
      }
      _ = rig.measureFrames(10, step: jump)
      let rowsBefore = list.rowDrawCount
      let run = rig.measureFrames(frames, step: jump)
      let rowsPerFrame = Double(list.rowDrawCount - rowsBefore) / Double(max(1, run.frames))
      rig.close()
      costs.append(run.cpuPerFrame)
      figures.append(
        Figure(
          name, "full list redraw CPU, \(count) rows", value: run.cpuPerFrame, unit: "ms",
          note: "\(format(rowsPerFrame)) rows drawn, \(format(run.cellsPerFrame)) cells and "
            + "\(format(run.bytesPerFrame)) B written per frame"))
    }
    if costs.count == 2 {
      let flat = costs[1] <= max(costs[0] * 1.25, costs[0] + 0.01)
      figures.append(
        Figure(
          name, "full list redraw, 1,000,000 vs 100 rows", value: costs[1] / costs[0], unit: "×",
          target: "flat (≈ 1)", verdict: flat ? .met : .missed))
    }
    return figures
  }
}

/// A row that makes its text from its number when drawn, so a million rows take a million
/// words and no text storage.
struct NumberedRow: ListRowDisplayable {
  /// The row's number.
  let index: Int

  var title: String { "Episode \(index)" }
  var detail: String? { index % 3 == 0 ? "Swift Talk" : nil }
  var badge: String? { index % 5 == 0 ? "new" : nil }
}
