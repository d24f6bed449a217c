import ArgumentParser
import DemoKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `Demo files [PATH]`: a file browser whose listings and previews load off the main actor.
struct FilesCommand: DemoMode {
  static let configuration = CommandConfiguration(
    commandName: "files",
    abstract: "Browse the file system; every listing and preview loads through a LoadingController."
  )

  @Argument(help: "The directory (or file) to open.")
  var path = "."

  @OptionGroup var display: DisplayOptions

  @OptionGroup var presentation: PresentationOptions

  /// Runs the file browser.
  @MainActor
  func launch(startedAt: MonotonicTime) async throws {
    var settings = try display.settings()
    settings.presentation = presentation.presentation
    settings.trace.record(.start, at: startedAt)
    await Self.browse(path: Path(argument: path), settings: settings)
    settings.trace.reportStop()
  }

  /// Refuses a path that does not exist (or is a loop of links) before the terminal is
  /// touched; a file opens in the preview.
  func validate() throws {
    guard !Path(argument: path).exists else { return }
    throw ValidationError("files \(path): \(String(cString: strerror(errno)))")
  }

  @MainActor
  private static func browse(path: Path, settings: DisplaySettings) async {
    let browser = FileBrowser(settings: settings)
    await DemoApplication.run(browser.makeRoot(path: path), settings: settings)
  }
}
