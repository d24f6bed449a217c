/// The keys scrollable screens share: arrows and j/k by one row, the page keys by a page,
/// Home and End to the ends.
package enum ScrollKeys {
  /// The offset `key` asks for, from `current` with pages of `page` rows and the end at `end`;
  /// `nil` when the key does not scroll.
  package static func target(of key: Key, from current: Int, page: Int, end: Int) -> Int? {
    switch key {
    case .up, .character("k"): current - 1
    case .down, .character("j"): current + 1
    case .pageUp: current - max(1, page)
    case .pageDown: current + max(1, page)
    case .home: 0
    case .end: end
    default: nil
    }
  }
}
