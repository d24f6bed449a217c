/// The default loading screen: a spinner with a label, centred, and a progress bar with a
/// message when the load reports progress.
///
/// While visible it subscribes to its stage's shared ``FrameTicker``; each frame redraws only
/// the spinner's cells.
public final class SpinnerScreen: Screen {
  /// What is drawn: style, label, progress and the current frame.
  public private(set) var spinner: SpinnerView

  /// Creates a spinner screen.
  public init(style: SpinnerStyle = .dots, label: String = "Loading…") {
    self.spinner = SpinnerView(style: style, label: label)
    super.init()
    name = "Spinner"
  }

  /// The progress shown under the spinner, if any.
  public var progress: LoadProgress? {
    get { spinner.progress }
    set {
      guard newValue != spinner.progress else { return }
      spinner.progress = newValue
      setNeedsDisplay()
    }
  }

  /// Starts ticking.
  public override func didAppear() {
    guard let ticker = stage?.ticker(interval: spinner.style.frameInterval) else { return }
    spinner.frameIndex = ticker.frame % spinner.style.frames.count
    ticker.subscribe(self) { [weak self] frame in self?.advance(to: frame) }
  }

  /// Stops ticking: a spinner that is not on screen costs nothing.
  public override func willDisappear() {
    stage?.ticker(interval: spinner.style.frameInterval).unsubscribe(self)
  }

  private func advance(to frame: Int) {
    let index = frame % spinner.style.frames.count
    guard index != spinner.frameIndex else { return }
    spinner.frameIndex = index
    setNeedsDisplay(in: spinner.glyphRect(in: bounds))
  }

  /// Draws the spinner centred.
  public override func draw(in canvas: inout Canvas) {
    spinner.draw(in: &canvas, bounds: bounds)
  }
}
