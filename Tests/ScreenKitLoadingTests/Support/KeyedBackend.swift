import Locking
import ScreenKit
import ScreenKitLoading
import ScreenKitTesting

/// A scripted backend for keyed loads: one ``FakeLoader`` for each key, so a test answers,
/// counts and cancels the loads of each key apart, in any order.
final class KeyedBackend: Sendable {
  private let loaders = Locked<[String: FakeLoader<String>]>([:])
  private let calls = Locked<[String]>([])
  private let sources = Locked<[String]>([])

  /// The keys loaded so far, in the order their loads started.
  var loadedKeys: [String] { calls.withLock { $0 } }

  /// The keys a source was made for (by a screen's `source:` closure), in order.
  var sourcedKeys: [String] { sources.withLock { $0 } }

  /// The source of `key`'s loads in `form`, noting that it was asked for.
  func source(_ key: String, _ form: FakeLoader<String>.Form) -> LoadSource<String> {
    sources.withLock { $0.append(key) }
    return loader(key).source(form)
  }

  /// The loader of `key`.
  func loader(_ key: String) -> FakeLoader<String> {
    loaders.withLock { loaders in
      if let loader = loaders[key] { return loader }
      let loader = FakeLoader<String>()
      loaders[key] = loader
      return loader
    }
  }

  /// Loads `key`: waits for the test to answer the key's loader.
  func load(_ key: String) async throws -> String {
    calls.withLock { $0.append(key) }
    return try await loader(key).load()
  }

  /// Answers the oldest pending load of `key` with the key itself, as its results.
  func resolve(_ key: String) {
    loader(key).resolve(key)
  }

  /// How many loads of any key were cancelled.
  var cancellationCount: Int {
    loaders.withLock { $0.values.reduce(0) { $0 + $1.cancellationCount } }
  }
}
