import ScreenKit
import ScreenKitTerminal

extension HostInputDecoder {
  /// Decodes `bytes` and delivers each event to `host`, as a program's loop does; returns
  /// whether anything handled any of them.
  @discardableResult
  func deliver(bytes: some Sequence<UInt8>, to host: ScreenHost) -> Bool {
    var handled = false
    for event in decode(bytes: bytes) { handled = host.handle(event) || handled }
    return handled
  }
}
