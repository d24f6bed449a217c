package import ScreenKit

/// The `files` mode: a navigation screen over directory listings and file previews, each
/// loaded off the main actor through a `LoadingController`.
@MainActor
package final class FileBrowser {
  private weak var navigation: NavigationScreen?
  private let settings: DisplaySettings

  /// Creates the browser; nothing is read until its root appears.
  package init(settings: DisplaySettings) {
    self.settings = settings
  }

  /// The root: the listing of `path`, or the preview when `path` is a file.
  package func makeRoot(path: Path) -> NavigationScreen {
    let resolved = path.resolved
    let isFile = resolved.status().map { !Path.isDirectory($0.st_mode) } ?? false
    let root = NavigationScreen(root: isFile ? preview(resolved) : listing(resolved))
    navigation = root
    return root
  }

  private func listing(_ path: Path) -> Screen {
    let trace = settings.trace
    return DemoLoading.controller(
      settings: settings, title: path.lastComponent,
      load: { try await trace.load { try DirectoryListing.load(path: path) } },
      build: { (listing: DirectoryListing) -> FileBrowserScreen in
        let screen = FileBrowserScreen(listing: listing)
        screen.onOpen = { self.open($0) }
        return screen
      },
      update: { (screen: FileBrowserScreen, listing: DirectoryListing) in
        screen.update(listing: listing)
      })
  }

  private func preview(_ path: Path) -> Screen {
    let trace = settings.trace
    return DemoLoading.controller(
      settings: settings, title: path.lastComponent,
      load: { try await trace.load { try await FilePreview.load(path: path) } },
      build: { FilePreviewScreen(preview: $0) },
      update: { (screen: FilePreviewScreen, preview: FilePreview) in screen.update(preview: preview)
      })
  }

  private func open(_ entry: FileEntry) {
    guard let navigation else { return }
    if entry.kind == .parent, navigation.stack.count > 1 {
      // Going up from a pushed directory is going back.
      navigation.pop()
    } else if entry.opensAsDirectory {
      navigation.push(listing(entry.path))
    } else {
      navigation.push(preview(entry.path))
    }
  }
}
