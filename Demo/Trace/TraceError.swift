/// Why the trace file could not be opened.
struct TraceError: Error, CustomStringConvertible {
  /// The path given to `--trace`.
  let path: String
  /// The system's reason, from `strerror`.
  let reason: String

  var description: String { "cannot open trace file '\(path)': \(reason)" }
}
