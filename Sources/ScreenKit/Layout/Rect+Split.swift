extension Rect {
  /// Splits the rectangle into rows of the given heights, top to bottom, with `spacing` rows
  /// between them.
  ///
  /// Fixed heights are served first (in order, until space runs out); the rest is shared by the
  /// proportional ones, and rounding leftovers go to the first proportional rows, so the rows
  /// always cover the rectangle exactly when any row is proportional.
  public func rows(_ lengths: [LayoutLength], spacing: Int = 0) -> [Rect] {
    let sizes = Rect.distribute(height, among: lengths, spacing: spacing)
    var y = minY
    return sizes.map { size in
      defer { y += size + spacing }
      return Rect(x: minX, y: y, width: width, height: size)
    }
  }

  /// Splits the rectangle into columns of the given widths, left to right, with `spacing`
  /// columns between them; see ``rows(_:spacing:)`` for how space is shared.
  public func columns(_ lengths: [LayoutLength], spacing: Int = 0) -> [Rect] {
    let sizes = Rect.distribute(width, among: lengths, spacing: spacing)
    var x = minX
    return sizes.map { size in
      defer { x += size + spacing }
      return Rect(x: x, y: minY, width: size, height: height)
    }
  }

  /// Splits off `count` rows at the top and returns them and the rest.
  public func dividedAtTop(_ count: Int) -> (top: Rect, rest: Rect) {
    let top = min(max(0, count), height)
    return (
      Rect(x: minX, y: minY, width: width, height: top),
      Rect(x: minX, y: minY + top, width: width, height: height - top)
    )
  }

  /// Splits off `count` rows at the bottom and returns the rest and them.
  public func dividedAtBottom(_ count: Int) -> (rest: Rect, bottom: Rect) {
    let bottom = min(max(0, count), height)
    return (
      Rect(x: minX, y: minY, width: width, height: height - bottom),
      Rect(x: minX, y: maxY - bottom, width: width, height: bottom)
    )
  }

  static func distribute(_ total: Int, among lengths: [LayoutLength], spacing: Int) -> [Int] {
    guard !lengths.isEmpty else { return [] }
    var available = max(0, total - max(0, spacing) * (lengths.count - 1))
    var sizes = Array(repeating: 0, count: lengths.count)
    var weights = 0
    for (index, length) in lengths.enumerated() {
      switch length {
      case .fixed(let cells):
        sizes[index] = min(max(0, cells), available)
        available -= sizes[index]
      case .proportional(let weight):
        weights += max(0, weight)
      }
    }
    guard weights > 0 else { return sizes }
    var remainder = available
    for (index, length) in lengths.enumerated() {
      if case .proportional(let weight) = length {
        sizes[index] = available * max(0, weight) / weights
        remainder -= sizes[index]
      }
    }
    for (index, length) in lengths.enumerated() where remainder > 0 {
      if case .proportional(let weight) = length, weight > 0 {
        sizes[index] += 1
        remainder -= 1
      }
    }
    return sizes
  }
}
