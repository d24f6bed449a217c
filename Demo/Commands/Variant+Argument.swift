import ArgumentParser
import DemoKit

/// `--variant` and `load-probe`'s argument: a variant by its name.
extension Variant: ExpressibleByArgument {
  package var defaultValueDescription: String { name }

  package static var allValueStrings: [String] { allCases.map(\.name) }
}
