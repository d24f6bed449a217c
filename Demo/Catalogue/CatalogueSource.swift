/// Where the catalogue's JSON comes from.
package enum CatalogueSource: Sendable, Equatable {
  /// The JSON compiled into the demo.
  case bundled
  /// A file given with `--data`, read again on every load so a fixed file is picked up on retry.
  case file(path: String)
}
