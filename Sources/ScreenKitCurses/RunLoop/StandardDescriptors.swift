#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Standard input, output and error, which a terminal program takes as open from its start.
///
/// A parent may start it with one closed (`tool >&-`). The lowest free number is then that
/// one, so the first descriptor the program opens takes it (the terminal, libdispatch's
/// eventfd) and what was meant for standard output goes there, read from standard input
/// comes from there. The program refuses to start instead.
enum StandardDescriptors {
  /// Ends the program with status 2 unless descriptors 0, 1 and 2 are open, saying on standard
  /// error which one is closed (when that is not standard error itself).
  ///
  /// Called first in `main`: once anything opens a descriptor, a closed one is taken.
  static func requireOpen() {
    let descriptors: [(number: Int32, name: String, advice: String)] = [
      (0, "standard input", "if it has no input"),
      (1, "standard output", "if its output is not wanted"),
      (2, "standard error", "if its messages are not wanted"),
    ]
    guard let closed = descriptors.first(where: { !isOpen($0.number) }) else { return }
    if closed.number != 2 {
      ProgramName.writeLine(
        "\(closed.name) (descriptor \(closed.number)) is closed; open it, to /dev/null \(closed.advice)"
      )
    }
    exit(2)
  }

  /// Whether `descriptor` is open; asking opens nothing.
  private static func isOpen(_ descriptor: Int32) -> Bool {
    fcntl(descriptor, F_GETFD) != -1 || errno != EBADF
  }
}
