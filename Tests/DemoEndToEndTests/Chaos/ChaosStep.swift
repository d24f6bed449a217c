#if os(Linux)
  import TerminalProcess

  /// One thing that happens to the demo during a chaos case, between its start and its ending.
  enum ChaosStep: CustomStringConvertible {
    /// The kinds of step, as `SCREENKIT_CHAOS_ACTIONS` names them.
    enum Kind: String, CaseIterable {
      case keys, pastes, resizes, suspends, waits
    }

    /// Keys typed at once: (name, bytes as a terminal in keypad-transmit mode sends them).
    case keys([(name: String, bytes: String)])
    /// Text pasted through bracketed paste (`ESC [200~` … `ESC [201~`).
    case paste(String)
    /// The window resized, as dragging the terminal does.
    case resize(WindowSize)
    /// SIGTSTP to the job (Ctrl-Z), a pause while it is stopped, then SIGCONT (`fg`).
    case suspend(pause: Duration)
    /// Time passing with nothing typed, so loads finish or fail.
    case wait(Duration)

    /// The keys a chaos case types, each as (name, bytes).
    static let keyboard: [(name: String, bytes: String)] = [
      ("j", "j"), ("k", "k"), ("↓", "\u{1b}OB"), ("↑", "\u{1b}OA"), ("PgDn", "\u{1b}[6~"),
      ("PgUp", "\u{1b}[5~"), ("Home", "\u{1b}OH"), ("End", "\u{1b}OF"), ("Enter", "\r"),
      ("Esc", "\u{1b}"), ("Backspace", "\u{7f}"), ("h", "h"), ("r", "r"), ("Tab", "\t"),
      ("?", "?"),
    ]

    /// Pieces pasted text is made of: CJK, emoji, control characters and `q`, which must not
    /// quit when it arrives inside a paste.
    static let pasteFragments = [
      "quick question", "终端与文本", "日本語のテキスト", "q", "한국어 입력", "❤️ 1️⃣ 🇨🇭", "line one\rline two",
      "tab\there", "qqq", "Swift 并发入门",
    ]

    var kind: Kind {
      switch self {
      case .keys: .keys
      case .paste: .pastes
      case .resize: .resizes
      case .suspend: .suspends
      case .wait: .waits
      }
    }

    var description: String {
      switch self {
      case .keys(let keys): "keys " + keys.map(\.name).joined(separator: " ")
      case .paste(let text): "paste \(text.debugDescription)"
      case .resize(let size): "resize to \(size)"
      case .suspend(let pause): "SIGTSTP, \(pause.milliseconds) ms stopped, SIGCONT"
      case .wait(let duration): "wait \(duration.milliseconds) ms"
      }
    }
  }

  extension Duration {
    /// The duration in whole milliseconds.
    var milliseconds: Int64 {
      components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
  }
#endif
