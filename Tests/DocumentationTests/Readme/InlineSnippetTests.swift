// swift-format-ignore-file
import ScreenKit
import ScreenKitLoading
import ScreenKitCurses
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

// The README's "Inline, for command-line tools" example: an application of an inline viewport,
// and a line printed before it runs, which goes to standard output at once.
@Test @MainActor func anInlineToolPrintsAboveItsRegionOrAtOnce() throws {
  let controller = LoadingController(load: { "swift-log" }) { name in ProbeText(name) }
  // NB: standard output is this process's; the line is caught on a pipe for a moment.
  var ends: [Int32] = [-1, -1]
  try #require(pipe(&ends) == 0)
  let saved = dup(1)
  dup2(ends[1], 1)
  // snippet: readme-inline
  var options = CursesTerminal.Options()
  options.presentation = .inline(height: 3, exit: .clear)   // or .keepLastFrame
  let application = CursesApplication(root: controller, options: options)
  application.print("✓ fetched swift-log")   // above the region; full screen: after the session
  // end-snippet
  dup2(saved, 1)
  close(saved)
  close(ends[1])
  var buffer = [UInt8](repeating: 0, count: 4096)
  let count = read(ends[0], &buffer, buffer.count)
  close(ends[0])
  #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).contains("✓ fetched swift-log\n"))
  #expect(application.options.presentation == .inline(height: 3, exit: .clear))
}

/// A screen that shows one line.
private final class ProbeText: Screen {
  private let text: String

  init(_ text: String) {
    self.text = text
    super.init()
  }

  override func draw(in canvas: inout Canvas) {
    canvas.drawText(text, at: .zero)
  }
}
