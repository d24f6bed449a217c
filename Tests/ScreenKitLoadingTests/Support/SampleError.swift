/// The failure the loading suites script.
struct SampleError: Error, CustomStringConvertible {
  var description: String { "The server is down" }
}
