import ArgumentParser
import ScreenKitSimulation

/// What `--variant` shows an episode's detail with: one of the two ``LoadingVariant``s, or both
/// side by side on the same load (`compare`).
enum Variant: Hashable, Sendable, CaseIterable, ExpressibleByArgument {
  /// The detail loads through one variant.
  case one(LoadingVariant)
  /// Both variants side by side on the same load.
  case compare

  /// `--variant container`.
  static let container = Variant.one(.container)
  /// `--variant protocol`.
  static let `protocol` = Variant.one(.protocol)

  static let allCases: [Variant] = LoadingVariant.allCases.map(Variant.one) + [.compare]

  /// The value's name on the command line.
  var name: String {
    switch self {
    case .one(let variant): variant.rawValue
    case .compare: "compare"
    }
  }

  init?(argument: String) {
    guard let variant = Variant.allCases.first(where: { $0.name == argument }) else { return nil }
    self = variant
  }

  var defaultValueDescription: String { name }

  static var allValueStrings: [String] { allCases.map(\.name) }
}
