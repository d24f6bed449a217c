import FoundationEssentials

/// Why a catalogue load failed; the message is what the error screen shows.
enum CatalogueError: Error, CustomStringConvertible, LocalizedError {
  /// One of the first loads that `--fail-first` makes fail.
  case failFirst(load: Int, of: Int)
  /// A load that `--fail-rate` made fail.
  case failRate(load: Int, rate: Double)
  /// The `--data` file could not be read.
  case unreadableFile(path: String, reason: String)
  /// The `--data` file is not catalogue JSON.
  case invalidJSON(path: String, reason: String)
  /// No episode has this number.
  case noSuchEpisode(Int)

  var description: String {
    switch self {
    case .failFirst(let load, let count):
      "Network unreachable (simulated: load \(load) of the first \(count) set to fail by --fail-first)"
    case .failRate(let load, let rate):
      "Request timed out (simulated: load \(load) failed at --fail-rate \(rate))"
    case .unreadableFile(let path, let reason):
      "Cannot read catalogue file \(path): \(reason)"
    case .invalidJSON(let path, let reason):
      "Catalogue file \(path) is not valid catalogue JSON: \(reason)"
    case .noSuchEpisode(let number):
      "There is no episode #\(number) in the catalogue"
    }
  }

  var errorDescription: String? { description }
}
