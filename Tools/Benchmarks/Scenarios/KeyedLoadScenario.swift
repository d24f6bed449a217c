import ScreenKit
import ScreenKitLoading

/// Keyed loads, one after another.
///
/// A keyed `LoadingController` on a mounted stage whose key changes again and again, each
/// change loaded to the end before the next (`valueForCurrentKey()`, which skips the
/// debounce): the engine's whole path for one keyed load, from the key's change through the
/// runner, the attempt and the source's completion to the value delivered. The source answers
/// at once, so what is timed is ScreenKit's own work; once with a `LoadCache` (each key new,
/// each load stored) and once without.
///
/// For instructions per load, run the scenario under callgrind twice, `--quick` and not, and
/// divide the difference of the totals by the difference of the loads (2,000 and 20,000):
/// start-up and teardown cancel out.
struct KeyedLoadScenario: Scenario {
  let name = "keyed"

  func run(_ settings: RunSettings) async -> [Figure] {
    let loads = settings.count(full: 20_000, quick: 2_000)
    var figures: [Figure] = []
    for cached in [false, true] {
      let key = LoadKey(0)
      let cache = cached ? LoadCache<Int, Int>(countLimit: 100) : nil
      var options = LoadOptions()
      options.debounce = .zero
      let controller = LoadingController(
        key: key, cache: cache, options: options,
        source: { key in .callback { completion in completion(.success(key)) } },
        build: { KeyedLoadValueScreen(value: $0) })
      let stage = Stage(root: controller, size: Size(width: 80, height: 24))
      stage.mount()
      var wrong = 0
      let start = Clocks.threadCPU()
      for value in 1...loads {
        key.value = value
        if (try? await controller.valueForCurrentKey()) != value { wrong += 1 }
      }
      let spent = Clocks.threadCPU() - start
      stage.unmount()
      let label = cached ? "with a cache" : "without a cache"
      guard wrong == 0 else {
        figures.append(
          .notMeasured(name, "keyed load, \(label)", unit: "µs", reason: "\(wrong) wrong values"))
        continue
      }
      figures.append(
        Figure(
          name, "keyed load, \(label)", value: spent.milliseconds * 1000 / Double(loads),
          unit: "µs", note: "main thread's CPU per key change loaded; mean of \(loads)"))
    }
    return figures
  }
}

/// The content a keyed load builds: nothing to draw, as only the engine is measured.
private final class KeyedLoadValueScreen: Screen {
  let value: Int

  init(value: Int) {
    self.value = value
    super.init()
  }
}
