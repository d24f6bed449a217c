/// Why the trace file could not be opened.
package struct TraceError: Error, CustomStringConvertible {
  /// The path given to `--trace`.
  package let path: String
  /// The system's reason, from `strerror`.
  package let reason: String

  package var description: String { "cannot open trace file '\(path)': \(reason)" }
}
