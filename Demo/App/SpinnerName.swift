import ArgumentParser
import ScreenKit

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
}
