import ScreenKit
import ScreenKitMatching
import ScreenKitSimulation
import ScreenKitTesting
import Testing

@testable import DemoKit

/// The demo's main screens as its program builds them, text and styles, at a fixed size on the
/// virtual clock: the bundled catalogue through a service with no latency and no failures, a
/// fixture folder for the file browser, fixed lines for the picker.
@MainActor
@Suite struct DemoSnapshotTests {
  /// The size of the README's picture of the demo.
  static let size = Size(width: 100, height: 30)

  /// The path of a picture of docs/images, which the README shows.
  static func picture(_ name: String) -> String {
    let tests = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
    return (tests + ["docs", "images", "\(name).svg"]).joined(separator: "/")
  }

  /// The episodes browser's root as `Demo` shows it, its hint bar included; its loads take no
  /// time unless `service` says otherwise.
  private func browser(
    _ variant: Variant, service: CatalogueService = CatalogueService(network: .instant)
  ) -> NavigationScreen {
    let settings = DisplaySettings()
    let root = EpisodeBrowser(service: service, variant: variant, settings: settings).makeRoot()
    root.keyHints = DemoApplication.keyHints(for: settings)
    return root
  }

  @Test func episodes() async {
    let harness = ScreenHarness(root: browser(.container), size: Self.size)
    await harness.settle()
    expectSnapshot(harness, named: "first-row")
    // The README's text block: five rows down.
    for _ in 1...5 { harness.press("j") }
    expectSnapshot(harness, named: "five-down")
    expectPicture(harness, at: Self.picture("demo"))
    // The selection rests on an episode: its detail is prefetched.
    await harness.advance(by: EpisodeBrowser.prefetchDelay)
    await harness.finish()
  }

  @Test func episodeDetail() async {
    let harness = ScreenHarness(root: browser(.container), size: Self.size)
    await harness.settle()
    for _ in 1...5 { harness.press("j") }
    harness.press(.enter)
    await harness.settle()
    expectSnapshot(harness, named: "loaded")
    harness.press(.escape)
    await harness.finish()
  }

  @Test func collection() async {
    let harness = ScreenHarness(root: browser(.container), size: Self.size)
    await harness.settle()
    harness.press(.down, .enter)
    await harness.settle()
    expectSnapshot(harness, named: "concurrency")
    await harness.finish()
  }

  /// `Demo --variant compare` as it runs: the demo's default network (800 ms ±25 %, seed 1),
  /// slept on the virtual clock, so each pane shows its spinner's hierarchy, then its load time.
  @Test func compare() async {
    // NB: the service sleeps on the harness's clock, and the browser needs the service: a
    // first harness holds the time both share.
    let time = ScreenHarness(root: Screen(), size: Size(width: 1, height: 1))
    let service = CatalogueService(
      network: NetworkConditions(latency: .milliseconds(800)), clock: ScreenClock(time.clock))
    let harness = ScreenHarness(
      root: browser(.compare, service: service), size: Self.size, sharingTimeWith: time)
    await harness.advance(by: .seconds(2))
    for _ in 1...5 { harness.press("j") }
    harness.press(.enter)
    await harness.advance(by: .milliseconds(300))
    expectSnapshot(harness, named: "both-loading")
    await harness.advance(by: .seconds(2))
    expectSnapshot(harness, named: "both-loaded")
    harness.press(.tab)
    expectSnapshot(harness, named: "protocol-pane-focused")
    await harness.finish()
    await time.finish()
  }

  // MARK: Demo files

  /// The folder the file browser lists: Fixtures/files, beside this file.
  static let fixture: String = {
    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    return (folder + ["Fixtures", "files"]).joined(separator: "/")
  }()

  /// `Demo files` on the fixture folder: the listing, then a text file's preview.
  ///
  /// The header names the folder's full path, which is where the package was checked out; at
  /// this width only the path's end fits (a long path keeps its end), which is the same in
  /// every checkout.
  @Test func files() async {
    let settings = DisplaySettings()
    let root = FileBrowser(settings: settings).makeRoot(path: Path(Self.fixture))
    root.keyHints = DemoApplication.keyHints(for: settings)
    let harness = ScreenHarness(root: root, size: Size(width: 60, height: 12))
    await harness.settle()
    expectSnapshot(harness, named: "listing")
    // From docs/ past notes/, café.txt and empty.txt to notes.txt.
    for _ in 1...4 { harness.press(.down) }
    harness.press(.enter)
    await harness.settle()
    expectSnapshot(harness, named: "preview")
    await harness.finish()
  }

  // MARK: Demo pick

  /// The lines `Demo pick` chooses from: some of the package's paths.
  static let pickLines = [
    "Sources/ScreenKitLoading/LoadingController.swift",
    "Sources/ScreenKitLoading/Cache/LoadCache.swift",
    "Sources/ScreenKitLoading/LoadOptions.swift",
    "Sources/ScreenKit/Screen/Screen.swift",
    "Sources/ScreenKit/Navigation/NavigationScreen.swift",
    "Sources/ScreenKitCurses/RunLoop/CursesApplication.swift",
    "Sources/ScreenKitTesting/ScreenHarness.swift",
    "Demo/Pick/PickScreen.swift",
    "Demo/Catalogue/CatalogueService.swift",
    "docs/decisions/2026-11-27-snapshot-testing.md",
    "README.md",
    "Tests/ScreenKitLoadingTests/LoadingSnapshotTests.swift",
  ]

  /// `Demo pick`'s picker over ``pickLines``, all of standard input read: every line, then the
  /// best for a query typed, the characters it matched highlighted.
  @Test func pick() async {
    var splitter = LineSplitter()
    splitter.append(Array(Self.pickLines.joined(separator: "\n").utf8) + [UInt8(ascii: "\n")])
    var candidates = Candidates()
    if let chunk = splitter.finish() { candidates.append(chunk) }
    candidates.isComplete = true
    let picker = PickScreen(workers: 1)
    picker.receive(candidates)
    let harness = ScreenHarness(root: picker, size: Size(width: 64, height: 12))
    await waitForRanking(harness)
    expectSnapshot(harness, named: "all-lines")
    harness.type("load")
    await waitForRanking(harness)
    expectSnapshot(harness, named: "query")
    expectPicture(harness, at: Self.picture("pick"))
    await harness.finish()
  }

  /// Runs the picker's ranking, which goes to the harness's task executor, until it is shown:
  /// no spinner and no `…` on its count line.
  private func waitForRanking(_ harness: ScreenHarness) async {
    await harness.settle()
    let counts = harness.lines[1]
    #expect(counts.hasPrefix(" ") && !counts.contains("…"), "\(harness.screenText)")
  }
}
