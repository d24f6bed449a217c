public import ScreenKit

/// The default loading screen: a spinner with a label, centred, and a progress bar with a
/// message when the load reports progress.
///
/// While visible it subscribes to its stage's shared `FrameTicker`; each frame redraws only
/// the spinner's cells.
public final class SpinnerScreen: Screen {
  private let animation: SpinnerAnimation

  /// Creates a spinner screen.
  public init(style: SpinnerStyle = .dots, label: String = "Loading…") {
    self.animation = SpinnerAnimation(Spinner(style: style, label: label))
    super.init()
    name = "Spinner"
  }

  /// The progress shown under the spinner, if any.
  public var progress: LoadProgress? {
    get { spinner.progress }
    set {
      guard newValue != spinner.progress else { return }
      animation.spinner.progress = newValue
      setNeedsDisplay()
      // NB: the glyph moves up a row for a bar under it; the focused screen may be the
      // container that shows this one, which is not redrawn.
      setNeedsCursorUpdate()
    }
  }

  /// What is drawn: style, label, progress and the current frame.
  public var spinner: Spinner { animation.spinner }

  /// Starts turning the spinner.
  public override func didAppear() {
    animation.start(in: self)
  }

  /// Stops turning it: a spinner that is not on screen costs nothing.
  public override func willDisappear() {
    animation.stop()
  }

  /// The spinner's glyph, where its label starts to the right.
  public override var focusPoint: Point? { animation.glyphRect(in: bounds).origin }

  /// Busy progress: the label, and the percentage in steps of 10 % where the load reports
  /// one, so that a reader is told of it at most ten times.
  public override var semantics: Semantics? { spinner.semantics }

  /// Draws the spinner centred.
  public override func draw(in canvas: inout Canvas) {
    animation.draw(in: &canvas, bounds: bounds)
  }
}
