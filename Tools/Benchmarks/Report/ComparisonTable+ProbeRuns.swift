extension ComparisonTable {
  /// Adds a row of `value` as each column's runs measured it (a run that could not see it
  /// adds no sample).
  mutating func addRow(
    _ name: String, _ unit: String, target: String = "", p90: Bool = false,
    runs: [String: [ProbeRun]], _ value: KeyPath<ProbeRun, Double?>
  ) {
    var samples: [Samples] = []
    for column in columns {
      var values = Samples()
      for run in runs[column] ?? [] {
        if let measured = run[keyPath: value] { values.add(measured) }
      }
      samples.append(values)
    }
    rows.append(Row(name: name, unit: unit, target: target, samples: samples, showsP90: p90))
  }

  /// Every cell as a figure of `scenario`, named after its row, `size` and its column: the
  /// median with the ratio to the reference, judged against the row's target in the columns
  /// the goals are for.
  func figures(of scenario: String, size: String) -> [Figure] {
    var figures: [Figure] = []
    for row in rows {
      for (column, label) in columns.enumerated() {
        let samples = row.samples[column]
        let figureName = "\(row.name), \(size), \(label)"
        guard !samples.values.isEmpty else {
          figures.append(
            .notMeasured(scenario, figureName, unit: row.unit, reason: "no run measured it"))
          continue
        }
        let isReference = column == columns.count - 1
        let isJudged = !isReference && !unjudgedColumns.contains(column)
        var note = "median of \(samples.values.count)"
        if row.showsP90 { note += ", p90 \(format(samples.percentile(0.9)))" }
        if !isReference { note += " " + ratio(row, column: column) }
        figures.append(
          Figure(
            scenario, figureName, value: samples.median, unit: row.unit,
            target: isJudged ? row.target : "",
            verdict: isJudged ? verdict(row, column: column) : .report, note: note))
      }
    }
    return figures
  }

  /// How `column` compares with the row's target, read from its text: `≤ N` (the median),
  /// `≤ N (p90 ≤ M)`, `≤ Nx C` (the reference's median times N), `0`; any other text is a
  /// figure to report.
  func verdict(_ row: Row, column: Int) -> Figure.Verdict {
    let value = row.samples[column]
    let words = row.target.split(separator: " ")
    if words == ["0"] { return value.median == 0 ? .met : .missed }
    guard words.count >= 2, words[0] == "≤" else { return .report }
    if words.count == 3, words[1].hasSuffix("x"), words[2] == referenceName,
      let factor = Double(words[1].dropLast())
    {
      let reference = row.samples.last?.median ?? 0
      return value.median <= reference * factor ? .met : .missed
    }
    guard let limit = Double(words[1]) else { return .report }
    if words.count == 2 { return value.median <= limit ? .met : .missed }
    if words.count == 5, words[2] == "(p90", words[3] == "≤", words[4].hasSuffix(")"),
      let tail = Double(words[4].dropLast())
    {
      return value.median <= limit && value.percentile(0.9) <= tail ? .met : .missed
    }
    return .report
  }
}
