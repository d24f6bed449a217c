/// One result of ncurses `get_wch`: a character, or a function-key code.
public enum RawInput: Hashable, Sendable {
  /// `get_wch` returned `OK` with this wide character (a Unicode scalar value or a control
  /// code).
  case character(UInt32)
  /// `get_wch` returned `KEY_CODE_YES` with this `KEY_*` code.
  case keyCode(Int32)
}
