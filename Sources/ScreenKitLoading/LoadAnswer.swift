/// What a run of a ``LoadSource`` delivers to the runner, or to each screen sharing a cached
/// load.
enum LoadAnswer<Value: Sendable>: Sendable {
  /// A value; `isFinal` for the one value of a callback or async load.
  case value(Value, isFinal: Bool)
  /// The end of a stream.
  case end
  case failure(any Error)
}

extension LoadAnswer {
  /// The answer of a callback load's completion.
  init(_ result: Result<Value, any Error>) {
    switch result {
    case .success(let value): self = .value(value, isFinal: true)
    case .failure(let error): self = .failure(error)
    }
  }
}
