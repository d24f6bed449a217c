import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation
import ScreenKitTesting
import Testing

@testable import ANSIHostExample
@testable import EmbeddingExample
@testable import HelloExample
@testable import InlineExample
@testable import LoadingControllerExample
@testable import LoadingProtocolExample
@testable import NavigationExample

/// Each example's screens as its program builds them, text and styles, at the size of a small
/// terminal; the loads the programs make over the network are a `FakeLoader` here where the
/// example takes its load as a parameter.
@MainActor
@Suite struct ExampleSnapshotTests {
  static let size = Size(width: 44, height: 8)

  /// The path of a picture of docs/images, which the README shows.
  static func picture(_ name: String) -> String {
    let tests = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
    return (tests + ["docs", "images", "\(name).svg"]).joined(separator: "/")
  }

  @Test func hello() async {
    let harness = ScreenHarness(root: HelloScreen(), size: Self.size)
    expectSnapshot(harness, named: "start")
    harness.press(.down)
    expectSnapshot(harness, named: "after-a-key")
    await harness.finish()
  }

  @Test func loadingController() async {
    let loader = FakeLoader<Forecast>()
    let controller = LoadingController(source: loader.source(.async)) { ForecastScreen($0) }
    let harness = ScreenHarness(root: controller, size: Self.size)
    await harness.advance(by: .milliseconds(230))
    expectSnapshot(harness, named: "spinner")
    expectPicture(harness, at: Self.picture("loading-spinner"))
    loader.reject(forecastServerError(attempt: 1))
    await harness.advance(by: .seconds(1))
    expectSnapshot(harness, named: "error")
    expectPicture(harness, at: Self.picture("loading-error"))
    harness.press("r")
    loader.resolve(Forecast(summary: "Sunny, 21 °C", attempt: 2))
    await harness.advance(by: .seconds(1))
    expectSnapshot(harness, named: "loaded")
    expectPicture(harness, at: Self.picture("loading-loaded"))
    harness.press("r")
    expectSnapshot(harness, named: "refreshing")
    expectPicture(harness, at: Self.picture("loading-refreshing"))
    loader.resolve(Forecast(summary: "Cloudy, 17 °C", attempt: 3))
    await harness.finish()
  }

  @Test func loadingProtocol() {
    // NB: the quote's load sleeps on the real clock, so no state of a mounted screen is the
    // same from run to run; the quote is drawn as the screen draws it once loaded, unmounted.
    let screen = QuoteScreen()
    screen.configure(value: Quote(text: "Simple things should be simple.", attempt: 2))
    var canvas = Canvas(size: Self.size)
    screen.draw(in: &canvas)
    expectSnapshot(ScreenSnapshot(grid: canvas.grid), named: "loaded")
  }

  @Test func navigation() async {
    let list = ListScreen(rows: rows)
    list.title = "Solar system"
    let navigation = NavigationScreen(root: list)
    list.onActivate = { _, row in navigation.push(screen(for: row)) }
    let harness = ScreenHarness(root: navigation, size: Self.size)
    expectSnapshot(harness, named: "list")
    harness.press(.down)
    expectSnapshot(harness, named: "second-row")
    harness.press(.up, .enter)
    expectSnapshot(harness, named: "moons")
    expectPicture(harness, at: Self.picture("navigation"))
    harness.press(.escape, .down, .enter)
    expectSnapshot(harness, named: "probe")
    await harness.finish()
  }

  /// The screen the plain ncurses program hosts in its pane (the program's own header line is
  /// drawn with ncurses, outside any screen).
  @Test func embedding() async {
    let harness = ScreenHarness(root: PaneScreen(), size: Self.size)
    expectSnapshot(harness, named: "pane")
    harness.press("x")
    expectSnapshot(harness, named: "after-a-key")
    await harness.finish()
  }

  /// The inline region of three rows the tool fetches in, across an 80-column terminal, with
  /// `--fail`: the spinner and the progress bar, then the error with its retry; the packages'
  /// 300 ms are slept on the virtual clock. (The lines printed above the region are the
  /// application's, not a screen's.)
  @Test func inline() async {
    // NB: the fetch sleeps on the harness's clock, which the region's controller needs first:
    // a first harness holds the time both share.
    let time = ScreenHarness(root: Screen(), size: Size(width: 1, height: 1))
    let controller = InlineExample.fetch(report: Report(failures: 1), clock: time.clock)
    let harness = ScreenHarness(
      root: controller, size: Size(width: 80, height: 3), sharingTimeWith: time)
    await harness.advance(by: .milliseconds(450))
    expectSnapshot(harness, named: "fetching")
    await harness.advance(by: .milliseconds(600))
    expectSnapshot(harness, named: "error")
    harness.press("r")
    await harness.advance(by: .seconds(2))
    await harness.finish()
    await time.finish()
  }

  /// The pane the plain ANSI program hosts beside its sidebar (which it writes as escape codes
  /// itself, outside any screen), at its size in an 80x24 terminal: the report of the first
  /// load, then a click on Reload refreshing it, then the second.
  @Test func ansiHost() async {
    let loader = FakeLoader<Int>()
    let harness = ScreenHarness(
      root: ANSIHostExample.pane(load: { try await loader.load() }),
      size: Size(width: 80 - ANSIHostExample.sidebarWidth, height: 23))
    loader.resolve(1)
    await harness.settle()
    expectSnapshot(harness, named: "report")
    harness.click(x: 3, y: 5)
    expectSnapshot(harness, named: "reloading")
    loader.resolve(2)
    await harness.settle()
    expectSnapshot(harness, named: "second-report")
    await harness.finish()
  }
}
