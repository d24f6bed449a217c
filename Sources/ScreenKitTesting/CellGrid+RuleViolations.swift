public import ScreenKit

extension CellGrid {
  /// The ways the grid breaks the canvas's rules, as messages; empty when it keeps them all.
  ///
  /// What a property test checks after each step, whatever the screens drew: a screen can
  /// only break these through a bug in the canvas.
  ///
  /// Every row covers exactly the grid's width (a wide cell counts two, its continuation
  /// none), a wide cell is always followed by its continuation and a continuation always
  /// follows a wide cell, and no cell holds a tab, line break or other control character.
  public var ruleViolations: [String] {
    var found: [String] = []
    for y in 0..<size.height {
      var total = 0
      for x in 0..<size.width {
        let cell = self[x, y]
        switch cell.width {
        case 0: break
        case 1: total += 1
        case 2: total += 2
        default: found.append("cell (\(x), \(y)) has width \(cell.width)")
        }
        if cell.width == 2, x + 1 >= size.width || !self[x + 1, y].isContinuation {
          found.append("wide cell without its continuation at (\(x), \(y))")
        }
        if cell.isContinuation, x == 0 || self[x - 1, y].width != 2 {
          found.append("continuation without a wide cell before it at (\(x), \(y))")
        }
        if cell.character.unicodeScalars.contains(where: Self.isControlOrTab) {
          let codes = cell.character.unicodeScalars.map(Self.code)
          found.append("control character \(codes) in cell (\(x), \(y))")
        }
      }
      if total != size.width {
        found.append("row \(y) covers \(total) cells, not \(size.width)")
      }
    }
    return found
  }

  /// Whether a terminal would act on the scalar instead of showing it: C0 and C1 controls,
  /// DEL, tab, and the line and paragraph separators.
  private static func isControlOrTab(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }

  /// The scalar as `U+XXXX`.
  private static func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
