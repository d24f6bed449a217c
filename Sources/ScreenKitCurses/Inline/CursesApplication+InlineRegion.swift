import CNCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension CursesApplication {
  /// Whether `Presentation.inline(height:exit:)` with `options` would draw a region on a
  /// terminal and read its keys: both descriptors are terminals, and `TERM` names a terminal
  /// that can go back up a line.
  ///
  /// When it is `false`, an inline application writes plain text and reads keys line by line,
  /// if at all: a program that must ask something decides before it runs one what to do
  /// instead (ScreenKitPrompts answers from the environment).
  public static func canShowInlineRegion(
    options: CursesTerminal.Options = CursesTerminal.Options()
  ) -> Bool {
    guard isatty(options.inputDescriptor) != 0, isatty(options.outputDescriptor) != 0,
      let type = options.terminalType ?? Environment.value("TERM"), !type.isEmpty
    else { return false }
    // NB: the check `InlineTerminal` makes as it opens, so the two never disagree.
    return sk_terminfo_load(type, options.outputDescriptor) == Int32(SK_TERMINAL_USABLE)
  }
}
