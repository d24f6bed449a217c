public import ScreenKitTerminal

extension ColorDepth {
  /// The depth a client's terminal shows, from its `TERM` (the pty request's), `COLORTERM`
  /// and `NO_COLOR` (when the client sends them): `truecolor` or `24bit` is direct colour, a
  /// type ending in `256color` the 256 palette, `xterm`, `screen`, `tmux`, `linux` and their
  /// kin 16 colours, anything else (`vt100`, `dumb`) none.
  public init(terminalType: String, colorTerm: String? = nil, noColor: String? = nil) {
    let type = terminalType.lowercased()
    let colors: Int
    if colorTerm == "truecolor" || colorTerm == "24bit" || type.hasSuffix("-direct") {
      colors = ColorDepth.direct.rawValue
    } else if type.hasSuffix("256color") || colorTerm != nil && !(colorTerm ?? "").isEmpty {
      colors = 256
    } else if ["xterm", "screen", "tmux", "linux", "rxvt", "putty", "alacritty", "kitty"]
      .contains(where: { type.hasPrefix($0) })
    {
      colors = 16
    } else {
      colors = 0
    }
    self.init(colors: colors, hasColors: colors > 0, noColor: noColor)
  }
}
