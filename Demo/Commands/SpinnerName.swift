import ArgumentParser
import ScreenKit
import ScreenKitLoading

/// The spinner styles `--spinner` accepts: the keys of `SpinnerStyle.named`.
enum SpinnerName: String, CaseIterable, Sendable, ExpressibleByArgument {
  /// Braille dots.
  case dots
  /// A turning line.
  case line
  /// Growing dots.
  case ellipsis
  /// Plain ASCII.
  case ascii

  /// The style of that name.
  var style: SpinnerStyle { SpinnerStyle.named[rawValue] ?? .dots }

  // NB: spelled out: argument-parser's defaults reach each name through a key path and
  // `String(describing:)`, and every run builds them: 1.5 million instructions of start-up.
  var defaultValueDescription: String { rawValue }
  static var allValueStrings: [String] { allCases.map { $0.rawValue } }
  static var allValueDescriptions: [String: String] { [:] }
}
