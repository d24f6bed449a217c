public import ScreenKitTerminal

/// Why a terminal session could not start: ScreenKitTerminal's one error type, named here so
/// that a program importing ScreenKitCurses alone can catch it by name.
public typealias TerminalError = ScreenKitTerminal.TerminalError
