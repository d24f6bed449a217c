import ArgumentParser
import ScreenKit

/// `--inline` and `--height`: the screens in a region of rows at the cursor, in the normal
/// scrollback, instead of the whole terminal.
struct PresentationOptions: ParsableArguments {
  @Flag(help: "Run in a region of rows at the cursor; the last frame stays in the scrollback.")
  var inline = false

  @Option(help: ArgumentHelp("The inline region's height in rows.", valueName: "ROWS"))
  var height = 12

  func validate() throws {
    guard (1...1000).contains(height) else {
      throw ValidationError("--height must be between 1 and 1000.")
    }
  }

  /// The presentation these flags ask for.
  var presentation: Presentation {
    inline ? .inline(height: height) : .fullScreen
  }
}
