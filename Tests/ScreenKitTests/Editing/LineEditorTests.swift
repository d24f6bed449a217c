import ScreenKit
import Testing

/// One line of editable text, as fingers expect it: graphemes, words, the readline keys,
/// pastes as one edit, and a window that keeps the cursor in view.
@Suite struct LineEditorTests {
  private func editor(_ text: String, cursor: Int? = nil) -> LineEditor {
    var editor = LineEditor(text)
    if let cursor {
      editor.handle(.home)
      for _ in 0..<cursor { editor.handle(.right) }
    }
    return editor
  }

  @Test func typingInsertsAtTheCursor() {
    var line = editor("Pars", cursor: 3)
    line.handle(.character("i"))
    #expect(line.text == "Paris")
    #expect(line.cursor == 4)
  }

  @Test func aGraphemeIsOneStepAndOneDeletion() {
    // A family emoji (four scalars joined), a letter with a combining accent, a CJK character.
    var line = LineEditor("a👩‍👩‍👧e\u{301}终")
    #expect(line.cursor == 4)
    line.handle(.backspace)
    #expect(line.text == "a👩‍👩‍👧e\u{301}")
    line.handle(.backspace)
    #expect(line.text == "a👩‍👩‍👧")
    line.handle(.left)
    line.handle(.delete)
    #expect(line.text == "a")
  }

  @Test func theCursorMovesByCharacterAndToTheEnds() {
    var line = LineEditor("abc")
    line.handle(.control("b"))
    line.handle(.left)
    #expect(line.cursor == 1)
    line.handle(.control("f"))
    #expect(line.cursor == 2)
    line.handle(.control("a"))
    #expect(line.cursor == 0)
    line.handle(.left)
    #expect(line.cursor == 0)
    line.handle(.end)
    #expect(line.cursor == 3)
  }

  @Test func wordsAreRunsOfLettersDigitsAndUnderscores() {
    var line = LineEditor("git push origin/main_2")
    line.handle(.alt(.character("b")))
    #expect(line.cursor == 16)  // "main_2"
    line.handle(.alt(.left))
    #expect(line.cursor == 9)  // "origin"
    line.handle(.alt(.character("b")))
    line.handle(.alt(.character("f")))
    #expect(line.cursor == 8)  // the end of "push"
    line.handle(.alt(.right))
    #expect(line.cursor == 15)  // the end of "origin"
  }

  @Test func theReadlineCutsAndThePasteOfTheLastCut() {
    var line = LineEditor("cd ~/src/screen kit")
    line.handle(.control("w"))
    #expect(line.text == "cd ~/src/screen ")
    #expect(line.cutText == "kit")
    line.handle(.alt(.backspace))
    #expect(line.text == "cd ~/src/")
    #expect(line.cutText == "screen ")
    line.handle(.control("a"))
    line.handle(.alt(.character("d")))
    #expect(line.text == " ~/src/")
    line.handle(.control("e"))
    line.handle(.control("u"))
    #expect(line.text == "")
    #expect(line.cutText == " ~/src/")
    line.handle(.control("y"))
    line.handle(.control("y"))
    #expect(line.text == " ~/src/ ~/src/")
    line.handle(.control("a"))
    line.handle(.right)
    line.handle(.control("k"))
    #expect(line.text == " ")
  }

  @Test func aPasteIsOneEditOnOneLine() {
    var line = LineEditor("[]")
    line.handle(.left)
    line.insert("one\ntwo\r\nthree\tfour\u{1B}[2J\u{7}")
    #expect(line.text == "[one two three four[2J]")
    #expect(line.cursor == 22)
  }

  @Test func keysThatAreNotEditingAreLeftToTheField() {
    var line = LineEditor("x")
    let handled = [Key.enter, .escape, .up, .tab, .left].map { line.handle($0) }
    #expect(handled == [false, false, false, false, true])
    #expect(line.text == "x")
  }

  @Test func theWindowScrollsTheLeastToShowTheCursor() {
    var line = LineEditor("abcdefghij")
    var shown = line.window(width: 5)
    #expect(shown.text == "ghij")
    #expect(shown.cursorColumn == 4)
    line.handle(.home)
    shown = line.window(width: 5)
    #expect(shown.text == "abcde")
    #expect(shown.cursorColumn == 0)
    // From the start, the least scroll that shows the cursor on "j" puts it in the last cell.
    line.handle(.end)
    line.handle(.left)
    shown = line.window(width: 5)
    #expect(shown.text == "fghij")
    #expect(shown.cursorColumn == 4)
  }

  @Test func wideCharactersAreShownWholeOrNotAtAll() {
    var line = LineEditor("终端与文本")
    line.handle(.home)
    let shown = line.window(width: 5)
    #expect(shown.text == "终端")
    #expect(shown.cursorColumn == 0)
    line.handle(.end)
    let end = line.window(width: 5)
    #expect(end.text == "文本")
    #expect(end.cursorColumn == 4)
  }

  @Test func theWindowFillsBackWhenTheTextShrinks() {
    var line = LineEditor("abcdefghij")
    _ = line.window(width: 5)
    for _ in 0..<6 { line.handle(.backspace) }
    let shown = line.window(width: 5)
    #expect(shown.text == "abcd")
    #expect(shown.cursorColumn == 4)
  }
}

/// What a terminal sends: one key per Unicode scalar, so a grapheme arrives in pieces.
@Suite struct LineEditorScalarTests {
  private func typeScalars(_ text: String, into line: inout LineEditor) {
    for scalar in text.unicodeScalars { line.handle(.character(Character(scalar))) }
  }

  @Test func aGraphemeTypedScalarByScalarIsOneCharacter() {
    var line = LineEditor()
    // A letter and its combining accent, a family joined by ZWJ, a flag's two halves.
    typeScalars("e\u{301}👩‍👩‍👧🇫🇷", into: &line)
    #expect(line.text == "e\u{301}👩‍👩‍👧🇫🇷")
    #expect(line.cursor == 3)
    line.handle(.backspace)
    #expect(line.text == "e\u{301}👩‍👩‍👧")
    line.handle(.left)
    #expect(line.cursor == 1)
    line.handle(.delete)
    #expect(line.text == "e\u{301}")
  }

  @Test func aMarkTypedBeforeTheCursorJoinsTheLetterBefore() {
    var line = LineEditor("cafe!")
    line.handle(.left)
    line.handle(.character("\u{301}"))
    #expect(line.text == "café!")
    #expect(line.cursor == 4)
    let shown = line.window(width: 10)
    #expect(shown.cursorColumn == 4)
  }

  @Test func deletingBetweenTwoHalvesOfAFlagJoinsThem() {
    var line = LineEditor("🇫x🇷")
    line.handle(.left)
    line.handle(.backspace)
    #expect(line.text == "🇫🇷")
    #expect(line.cursor == 1)
    line.handle(.left)
    #expect(line.cursor == 0)
  }

  @Test func aLongPasteScrollsTheWindowInLinearTime() {
    var line = LineEditor()
    line.insert(String(repeating: "abcdefghij", count: 20_000))
    let start = ContinuousClock.now
    let shown = line.window(width: 20)
    line.handle(.home)
    _ = line.window(width: 20)
    line.handle(.end)
    _ = line.window(width: 20)
    // Quadratic, this was minutes; linear, milliseconds.
    #expect(ContinuousClock.now - start < .seconds(5))
    #expect(shown.text == "bcdefghij" + "abcdefghij")
    #expect(shown.cursorColumn == 19)
  }
}

/// A mask and a click: the window of a secret, and the cursor put where a user points.
@Suite struct LineEditorWindowTests {
  @Test func aMaskedWindowMeasuresTheMaskNotTheText() {
    // Wide characters behind a one-cell mask: ten graphemes, ten cells.
    var line = LineEditor("终端终端终端终端终端")
    let shown = line.window(width: 6, mask: "•")
    #expect(shown.text == "•••••")
    #expect(shown.cursorColumn == 5)
    line.handle(.home)
    #expect(line.window(width: 6, mask: "•").text == "••••••")
  }

  @Test func aClickPutsTheCursorBeforeTheGraphemeUnderIt() {
    var line = LineEditor("a终b")
    _ = line.window(width: 10)
    line.moveCursor(toColumn: 2, width: 10)  // the second cell of 终
    #expect(line.cursor == 1)
    line.moveCursor(toColumn: 3, width: 10)
    #expect(line.cursor == 2)
    line.moveCursor(toColumn: 9, width: 10)  // past the text
    #expect(line.cursor == 3)
  }

  @Test func aClickCountsFromTheScrolledWindow() {
    var line = LineEditor("abcdefghij")
    #expect(line.window(width: 5).text == "ghij")
    line.moveCursor(toColumn: 1, width: 5)
    #expect(line.cursor == 7)
    #expect(line.window(width: 5).text == "ghij")
  }
}
