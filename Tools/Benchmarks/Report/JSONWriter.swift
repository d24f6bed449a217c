/// Writes the figures, the machine and the mode as JSON, without Foundation.
enum JSONWriter {
  /// The document: `{"machine": {...}, "mode": ..., "figures": [...]}`.
  static func document(_ figures: [Figure], machine: Machine, quick: Bool) -> String {
    var text = "{\n"
    text += "  \"machine\": {\"cpu\": \(quoted(machine.cpuModel)), \"cores\": \(machine.cores), "
    text += "\"kernel\": \(quoted(machine.kernel)), \"build\": \(quoted(machine.build))},\n"
    text += "  \"mode\": \(quoted(quick ? "quick" : "full")),\n"
    text += "  \"figures\": [\n"
    text += figures.map { figure in
      let value = figure.value.map { $0.isFinite ? format($0) : "null" } ?? "null"
      return "    {\"scenario\": \(quoted(figure.scenario)), \"name\": \(quoted(figure.name)), "
        + "\"value\": \(value), \"unit\": \(quoted(figure.unit)), "
        + "\"target\": \(quoted(figure.target)), \"status\": \(quoted(figure.verdict.rawValue)), "
        + "\"note\": \(quoted(figure.note))}"
    }.joined(separator: ",\n")
    text += "\n  ]\n}\n"
    return text
  }

  /// A JSON string literal.
  static func quoted(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      default:
        if scalar.value < 0x20 {
          let digits = String(scalar.value, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    return text + "\""
  }
}
