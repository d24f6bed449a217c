/// Sizes in bytes written for people: `532 B`, `12.3 KiB`, `4.0 MiB`.
enum ByteCount {
  /// `bytes` in the largest binary unit that keeps the number at 1 or more, one decimal.
  static func format(_ bytes: Int) -> String {
    guard bytes >= 1024 else { return "\(bytes) B" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(bytes) / 1024
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }
}
