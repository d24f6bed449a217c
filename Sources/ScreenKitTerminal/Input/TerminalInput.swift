/// What one read of the terminal's input gave.
public enum TerminalInput: Hashable, Sendable {
  /// Bytes the terminal sent, for an `InputDecoder`.
  case bytes([UInt8])
  /// Nothing yet (the read was interrupted, or another reader took the bytes).
  case nothing
  /// The input is gone for good: end of file, or the terminal hung up (`EIO`, `ENXIO`).
  case ended
}
