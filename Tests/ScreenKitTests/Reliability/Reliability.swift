import ScreenKit
import Testing

/// Groups the property-based and fuzz suites, so that
/// `swift test --filter Reliability` runs them all.
@Suite enum Reliability {}

extension Unicode.Scalar {
  /// Whether a terminal would act on the scalar instead of showing it: C0 and C1 controls, DEL,
  /// tab, and the line and paragraph separators.
  var isControlOrTab: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }

  /// The scalar as `U+XXXX`, for failure messages.
  var codeDescription: String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
