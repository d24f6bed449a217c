#if os(Linux)
  import Testing

  /// The chaos test's reading of terminal bytes catches what a broken exit leaves.
  @Suite("What the bytes a program wrote leave on the terminal")
  struct TerminalTranscriptTests {
    private func transcript(_ text: String) -> TerminalTranscript {
      TerminalTranscript(bytes: Array(text.utf8))
    }

    @Test func aCleanSessionLeavesNothingSet() {
      let session = transcript(
        "\u{1b}[?1049h\u{1b}[?1h\u{1b}=\u{1b}[?25l\u{1b}[?2004h\u{1b}[H\u{1b}[2Jhello"
          + "\u{1b}[?2004l\u{1b}[?1l\u{1b}>\u{1b}[?12l\u{1b}[?25h\u{1b}[?1049l\r")
      #expect(session.modesLeftSet().isEmpty)
      #expect(session.drawingOnTheMainScreen().isEmpty)
    }

    @Test func everyModeLeftOnIsNamed() {
      let broken = transcript("\u{1b}[?1049;2004h\u{1b}[?1h\u{1b}[?25l\u{1b}[?1006h drawing")
      let left = broken.modesLeftSet()
      for name in [
        "alternate screen left on", "bracketed paste left on", "application cursor keys left on",
        "cursor visible left off", "mouse reporting left on",
      ] {
        #expect(left.contains { $0.hasPrefix(name) }, "\(name) in \(left)")
      }
    }

    @Test func aFrameFinishedAfterTheRestoreIsDrawingOnTheShellsScreen() {
      let late = transcript("\u{1b}[?1049hframe\u{1b}[?1049l\u{1b}[5;3Hrest of it\u{1b}[K")
      let drawn = late.drawingOnTheMainScreen()
      #expect(drawn.count == 2)
      #expect(drawn.first?.contains("rest of it") == true)
    }

    @Test func controlsAndModeChangesOutsideTheAlternateScreenAreNotDrawing() {
      let resumed = transcript(
        "\u{1b}[?1049h\u{1b}[?1049l\u{1b}[23;0;0t\r\u{1b}[?1l\u{1b}>\u{1b}]104\u{07}\u{1b}[?1049hx")
      #expect(resumed.drawingOnTheMainScreen().isEmpty)
    }
  }
#endif
