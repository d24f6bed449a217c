/// What ``CursesApplication`` waits on between two turns: readable descriptors and one
/// deadline, their handlers run on the main actor.
///
/// Two loops provide it: ``MainLoop``, a `poll` on the main thread under ``CursesRunLoop``,
/// and ``DispatchEventLoop``, dispatch sources on the main queue under an `async` `main`.
/// The application is written once against this.
@MainActor
protocol EventLoop: AnyObject {
  /// Calls `onReadable` each time `descriptor` is readable (or hung up) until ``unwatch(_:)``;
  /// returns the watch's identifier.
  func watch(_ descriptor: Int32, onReadable: @escaping @MainActor () -> Void) -> Int

  /// Stops calling the watch's handler, at once.
  func unwatch(_ id: Int)

  /// Arms the one deadline: `action` runs once `delay` has passed; `nil` disarms it.
  func setDeadline(after delay: Duration?, _ action: @escaping @MainActor () -> Void)

  /// Disarms the deadline and returns once the descriptors that were unwatched may be closed.
  func shutDown() async
}
