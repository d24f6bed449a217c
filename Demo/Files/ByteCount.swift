/// Sizes in bytes written for people: `532 B`, `12.3 KiB`, `4.0 MiB`, and whole units
/// without decimals (`64 KiB`, `8 MiB`) when a size is exactly that many.
enum ByteCount {
  /// `bytes` in the largest binary unit that keeps the number at 1 or more, one decimal
  /// unless it is exact.
  static func format(_ bytes: Int) -> String {
    guard bytes >= 1024 else { return "\(bytes) B" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var unitSize = 1024
    var unit = 0
    while bytes / unitSize >= 1024, unit < units.count - 1 {
      unitSize *= 1024
      unit += 1
    }
    if bytes % unitSize == 0 { return "\(bytes / unitSize) \(units[unit])" }
    let tenths = Int((Double(bytes) / Double(unitSize) * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }
}
