/// A cache as the load inspector sees it: its entries, each with its actions.
@MainActor
package protocol LoadCacheInspecting: AnyObject {
  /// The name the inspector shows.
  var name: String { get }
  /// A row for every entry, load in flight, and key a screen follows.
  func inspectionRows() -> [LoadInspectionRow]
}

/// A screen's load as the load inspector sees it.
@MainActor
package protocol LoadRunnerInspecting: AnyObject {
  /// Its row; `nil` before it started.
  func inspectionRow() -> LoadInspectionRow?
  /// The cache it keeps its value in, if any.
  var inspectedCache: (any LoadCacheInspecting)? { get }
}
