import ScreenKit
import ScreenKitLoading
import ScreenKitSimulation

/// The two loading variants on one scenario: a screen that loads a string and shows it.
///
/// Hierarchy nodes while loading and once loaded, a spinner frame's cost on the terminal, and
/// the memory each instance takes (measured in a fresh child process, see ``MemoryProbe``).
struct VariantScenario: Scenario {
  let name = "variants"

  func run(_ settings: RunSettings) async -> [Figure] {
    let frames = settings.count(full: 3000, quick: 40)
    let instances = settings.count(full: 20_000, quick: 1_000)
    var figures: [Figure] = []
    for variant in LoadingVariant.allCases {
      let label = variant.rawValue
      let loading = variant.make(completesAtOnce: false)
      let loaded = variant.make(completesAtOnce: true)
      let rig: TerminalRig
      do {
        rig = try TerminalRig(root: loading, size: Size(width: 80, height: 24))
      } catch {
        figures.append(
          .notMeasured(name, "spinner frame, \(label)", unit: "ms", reason: "\(error)"))
        continue
      }
      _ = rig.measureFrames(20)
      let loadingNodes = loading.subtree.count
      let run = rig.measureFrames(frames)
      rig.close()
      let stage = Stage(root: loaded, size: Size(width: 80, height: 24))
      stage.mount()
      stage.frame()
      let loadedNodes = loaded.subtree.count
      stage.unmount()
      figures.append(
        Figure(
          name, "hierarchy nodes, \(label), loading / loaded", value: Double(loadingNodes),
          unit: "nodes", note: "\(loadingNodes) while loading, \(loadedNodes) once loaded"))
      figures.append(
        Figure(
          name, "spinner frame CPU, \(label)", value: run.cpuPerFrame, unit: "ms",
          note: "\(format(run.bytesPerFrame)) B, \(format(run.drawsPerFrame)) draw, "
            + "\(format(run.cellsPerFrame)) cell per frame"))
      for state in ["loading", "loaded"] {
        let measured = MemoryProbe.measureInChild(
          kind: "\(variant.rawValue)-\(state)", count: instances)
        if let measured {
          figures.append(
            Figure(
              name, "memory per screen, \(label), \(state)", value: measured, unit: "B",
              note: "RSS growth over \(instances) mounted instances, fresh process"))
        } else {
          figures.append(
            .notMeasured(
              name, "memory per screen, \(label), \(state)", unit: "B",
              reason: "the probe child failed"))
        }
      }
    }
    if let plain = MemoryProbe.measureInChild(kind: "screen", count: instances * 5) {
      figures.append(
        Figure(
          name, "memory per mounted screen (plain Screen)", value: plain, unit: "B",
          note: "RSS growth over \(instances * 5) mounted screens, fresh process"))
    }
    return figures
  }
}

/// Each loading variant making a screen that loads a string and shows it.
extension LoadingVariant {
  /// A screen whose load never completes (it keeps its spinner) or completes at once.
  @MainActor
  func make(completesAtOnce: Bool) -> Screen {
    let options = LoadOptions(showDelay: .zero)
    let load: @MainActor (@escaping LoadSource<String>.Completion) -> Void = { completion in
      if completesAtOnce { completion(.success("Loaded text")) }
    }
    switch self {
    case .container:
      return LoadingController<String>(
        source: .callback(load), options: options, build: { text in StaticScreen(text: text) })
    case .protocol:
      return ProtocolTextScreen(options: options, load: load)
    }
  }
}

/// The protocol variant of the scenario: it holds a `ScreenLoad` and shows the loaded text;
/// the core does the rest.
final class ProtocolTextScreen: Screen, Loading {
  let screenLoad = ScreenLoad<String>()
  private let options: LoadOptions
  private let fetch: @MainActor (@escaping LoadSource<String>.Completion) -> Void
  private var text = ""

  /// Creates a screen that starts `load` when it appears.
  init(
    options: LoadOptions,
    load: @escaping @MainActor (@escaping LoadSource<String>.Completion) -> Void
  ) {
    self.options = options
    self.fetch = load
    super.init()
  }

  func configure(value: String) {
    text = value
    setNeedsDisplay()
  }

  override func didAppear() { load(source: .callback(fetch), options: options) }

  // NB: nothing forwarded, as the README's pattern has it: the core draws the loader's spinner
  // instead of this and its badge after it, gives it keys and cancels it on disappearance.
  override func draw(in canvas: inout Canvas) {
    canvas.drawText(text, at: .zero)
  }
}
