package import ScreenKitSimulation

/// What `--variant` shows an episode's detail with: one of the two ``LoadingVariant``s, or both
/// side by side on the same load (`compare`).
package enum Variant: Hashable, Sendable, CaseIterable {
  /// The detail loads through one variant.
  case one(LoadingVariant)
  /// Both variants side by side on the same load.
  case compare

  /// `--variant container`.
  package static let container = Variant.one(.container)
  /// `--variant protocol`.
  package static let `protocol` = Variant.one(.protocol)

  package static let allCases: [Variant] = LoadingVariant.allCases.map(Variant.one) + [.compare]

  /// The value's name on the command line.
  package var name: String {
    switch self {
    case .one(let variant): variant.rawValue
    case .compare: "compare"
    }
  }

  /// The variant named `argument` on the command line, if any.
  package init?(argument: String) {
    guard let variant = Variant.allCases.first(where: { $0.name == argument }) else { return nil }
    self = variant
  }
}
