import ScreenKit

extension ScreenHost {
  /// Decodes `bytes` and delivers each event, as a program's loop does; returns whether
  /// anything handled any of them.
  @discardableResult
  func deliver(bytes: some Sequence<UInt8>) -> Bool {
    var handled = false
    for event in decode(bytes: bytes) { handled = handle(event) || handled }
    return handled
  }
}
