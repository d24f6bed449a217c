public import ScreenKitTerminal

/// How many colours a terminal shows: ScreenKitTerminal's type, which its frame writer
/// degrades colours with, named here so that a program importing ScreenKitCurses alone can
/// name the depth of ``CursesTerminal/Options/colorDepth``.
public typealias ColorDepth = ScreenKitTerminal.ColorDepth
