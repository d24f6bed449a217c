/// Behaviour given to a screen from outside its own class: it hears the screen's lifecycle and
/// presence, draws over the screen or instead of it, and answers keys after the screen or
/// instead of it.
///
/// It is how a module adds behaviour to any screen without a subclass: a load attached to a
/// screen draws a spinner or an error in place of it while its content loads, a badge over it,
/// and answers its own keys, so the screen forwards nothing. An attachment belongs to one
/// screen (``Screen/attach(_:)``); every method has a default that does nothing, so an
/// attachment writes only what it adds.
///
/// While an attachment ``coversContent``, it draws instead of ``Screen/draw(in:)`` and it alone
/// gets the screen's keys and mouse events; no paste reaches the screen. Otherwise the screen
/// draws, then each attachment's ``drawOver(_:in:)``, in the order they were attached (under
/// the screen's children, which draw after the screen's layer); and a key or a mouse event goes
/// to the screen first, then to the attachments in order.
@MainActor
public protocol ScreenAttachment: AnyObject {
  /// Whether it covers the screen's content now. `false` by default.
  var coversContent: Bool { get }
  /// Whether the screen can take focus for the attachment's keys, whatever the screen says.
  /// `false` by default.
  var makesScreenFocusable: Bool { get }
  /// Draws in place of the screen while it ``coversContent``.
  func drawCovering(_ screen: Screen, in canvas: inout Canvas)
  /// Draws over the screen's own drawing while it does not cover it.
  func drawOver(_ screen: Screen, in canvas: inout Canvas)
  /// Answers a key offered to the screen: after the screen's ``Screen/handle(_:)`` left it, or
  /// instead of it while covering. Returns whether it took it.
  func handle(_ key: Key, for screen: Screen) -> Bool
  /// Answers a mouse event in the screen's coordinates, as ``handle(_:for:)`` a key.
  func handleMouse(_ event: MouseEvent, for screen: Screen) -> Bool
  /// The screen appeared; called after its own ``Screen/didAppear()``.
  func screenDidAppear(_ screen: Screen)
  /// The screen is about to disappear; called after its own ``Screen/willDisappear()``.
  func screenWillDisappear(_ screen: Screen)
  /// What the screen's presence depends on changed (``Screen/presenceDidChange()``).
  func screenPresenceDidChange(_ screen: Screen)
  /// The screen's focus point while the attachment ``coversContent`` (the button it draws
  /// focused), in the screen's coordinates, in place of ``Screen/focusPoint``; `nil` by
  /// default, the screen's top-left cell.
  func focusPoint(of screen: Screen) -> Point?
  /// The screen's semantics while the attachment ``coversContent`` (the spinner's progress,
  /// the error it shows), in place of ``Screen/semantics``; `nil` by default.
  func semantics(of screen: Screen) -> Semantics?
}

// NB: defaults that add nothing, so an attachment writes only what it adds.
extension ScreenAttachment {
  /// Covers nothing.
  public var coversContent: Bool { false }
  /// Asks for no focus.
  public var makesScreenFocusable: Bool { false }
  /// Draws nothing.
  public func drawCovering(_ screen: Screen, in canvas: inout Canvas) {}
  /// Draws nothing.
  public func drawOver(_ screen: Screen, in canvas: inout Canvas) {}
  /// Takes no key.
  public func handle(_ key: Key, for screen: Screen) -> Bool { false }
  /// Takes no mouse event.
  public func handleMouse(_ event: MouseEvent, for screen: Screen) -> Bool { false }
  /// Does nothing.
  public func screenDidAppear(_ screen: Screen) {}
  /// Does nothing.
  public func screenWillDisappear(_ screen: Screen) {}
  /// Does nothing.
  public func screenPresenceDidChange(_ screen: Screen) {}
  /// The screen's top-left cell.
  public func focusPoint(of screen: Screen) -> Point? { nil }
  /// No semantics.
  public func semantics(of screen: Screen) -> Semantics? { nil }
}
