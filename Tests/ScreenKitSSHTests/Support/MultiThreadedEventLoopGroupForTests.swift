import NIOCore
import NIOPosix

/// One event loop for the tests that need a real one.
enum MultiThreadedEventLoopGroupForTests {
  static let loop = MultiThreadedEventLoopGroup.singleton.next()
}
