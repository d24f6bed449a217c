public import ScreenKit

/// Turns the bytes a terminal sends into input events, however the reads cut them.
///
/// The decoder is pure and incremental: feed it each read with ``decode(_:at:)``; a character
/// or escape sequence cut between two reads is kept until the rest arrives. It understands
/// UTF-8 (each ill-formed subpart becomes one U+FFFD and never swallows what follows), control
/// codes, Alt as an Escape prefix, CSI and SS3 keys (cursor keys in normal and application
/// mode, `CSI n ~` editing and function keys, Shift-Tab, xterm modifier parameters, of which
/// Alt is kept), the Linux console's function keys, a table of sequences read from the
/// terminal's description, bracketed paste, mouse reports in the SGR (1006) and legacy
/// (X10) encodings, and focus reports (`ESC [ I`, `ESC [ O`, unless the terminal's
/// description names them keys). Other well-formed CSI, OSC, DCS and APC sequences (replies
/// to queries) are recognised and dropped whole.
///
/// An Escape alone cannot be told from the start of a sequence until more bytes come: when
/// input stops part-way through a sequence, ``deadline`` says when to call ``flush()``, which
/// reads the Escape as the Escape key (and `ESC [` cut short as Alt-[) and drops an
/// incomplete sequence. A character cut between reads has no deadline: it waits for its rest.
/// Nor has a mouse report once it can be told from keys (from `ESC [ <`, or `ESC [ M` while
/// the terminal reports the mouse): its rest may come late, but never as keys. A byte that
/// cannot continue it (in an SGR report anything but digits, `;` and the final `M` or `m`; in
/// a legacy one a control code) drops the cut report and is read as usual.
///
/// ```swift
/// var decoder = InputDecoder()
/// var events = decoder.decode(bytes, at: clock.now)
/// if let deadline = decoder.deadline, clock.now >= deadline {
///   events += decoder.flush()   // no more bytes came in time: a lone Escape is the Escape key
/// }
/// ```
public struct InputDecoder: Sendable {
  /// The default for ``maximumPasteLength``: 1 MiB of UTF-8 arrives as one event, which holds
  /// any paste a person makes whole while bounding what the decoder buffers.
  public static let defaultMaximumPasteLength = 1 << 20

  /// How long an incomplete sequence waits for the rest before ``deadline`` passes.
  public var escapeDelay: Duration
  /// The most UTF-8 bytes one `InputEvent.paste(_:)` holds; a longer paste arrives as
  /// several, in order, each at most this long.
  public let maximumPasteLength: Int
  /// Whether the terminal was asked to report the mouse; only then does `ESC [ M` start a
  /// legacy report.
  public let terminalReportsMouse: Bool
  /// When ``flush()`` should run if no more input arrives, or `nil` when nothing is pending.
  public private(set) var deadline: Duration?

  private let sequences: [[UInt8]: Key]
  /// Whether `ESC [ M` starts a legacy mouse report rather than ending a key sequence.
  private let readsLegacyMouseReports: Bool
  private var state = State.ground
  private var utf8 = UTF8Assembler()
  /// The bytes of the escape sequence being read, from its Escape; at most
  /// ``maximumSequenceLength``.
  private var sequence: [UInt8] = []
  private var isSequenceTooLong = false
  private var paste = PasteBuffer()

  /// The longest escape sequence kept; longer ones are still read to their end and dropped.
  static let maximumSequenceLength = 64

  private enum State: Equatable, Sendable {
    case ground
    /// After an Escape; `doubled` after two.
    case escape(doubled: Bool)
    /// After an Escape and the first bytes of a UTF-8 character (Alt with that character).
    case escapedCharacter
    case controlSequence(doubled: Bool)
    case singleShift(doubled: Bool)
    /// Inside an OSC, DCS or APC string; `escaped` after an Escape in it.
    case string(escaped: Bool)
    case paste
    /// After `ESC [ <`, reading an SGR mouse report: digits and semicolons, then `M` or `m`.
    case mouse
    /// After `ESC [ M`, reading the three raw bytes of a legacy mouse report.
    case legacyMouse
  }

  /// Creates a decoder; `sequences` maps whole key sequences (from the terminal description)
  /// to keys and wins over the built-in reading of the same bytes.
  ///
  /// With `terminalReportsMouse`, `ESC [ M` starts a legacy (X10) mouse report, as terminals
  /// that ignore the SGR encoding send them, unless `sequences` names it a key (F1 on cons25,
  /// which has no such reports); without it, `ESC [ M` is a key sequence like any other. SGR
  /// reports are read either way: no key starts with `ESC [ <`.
  public init(
    escapeDelay: Duration = .milliseconds(25), sequences: [[UInt8]: Key] = [:],
    terminalReportsMouse: Bool = true,
    maximumPasteLength: Int = InputDecoder.defaultMaximumPasteLength
  ) {
    self.escapeDelay = escapeDelay
    self.terminalReportsMouse = terminalReportsMouse
    self.sequences = sequences.filter { $0.key.count >= 2 && $0.key.first == 0x1B }
    self.readsLegacyMouseReports =
      terminalReportsMouse && sequences[InputDecoder.legacyMouseStart] == nil
    self.maximumPasteLength = max(4, maximumPasteLength)
  }

  /// Whether a bracketed paste has begun and not ended yet.
  public var isInPaste: Bool { state == .paste }

  /// Decodes the next bytes read from the terminal, at scheduler time `now`, and returns the
  /// events they complete, in order.
  public mutating func decode(_ bytes: some Sequence<UInt8>, at now: Duration) -> [InputEvent] {
    var events: [InputEvent] = []
    for byte in bytes { read(byte, into: &events) }
    // NB: only an Escape is ambiguous. A character cut between reads waits for its rest
    // however late it comes (the next byte settles it either way), so a slow writer never
    // turns text into U+FFFD; so does a paste, which ends only with its closing bracket, and
    // a mouse report, whose rest a slow link may hold back but which is no key.
    switch state {
    case .ground, .escapedCharacter, .paste, .mouse, .legacyMouse: deadline = nil
    default: deadline = now + escapeDelay
    }
    return events
  }

  /// Resolves what is pending as if ``deadline`` had passed.
  ///
  /// An Escape is the Escape key, `ESC [` alone is Alt-[, a cut character is U+FFFD, and an
  /// incomplete sequence or mouse report is dropped. A paste in progress is left alone: it
  /// ends only with its closing bracket.
  public mutating func flush() -> [InputEvent] {
    deadline = nil
    var events: [InputEvent] = []
    switch state {
    case .ground:
      if utf8.flush() { emit(.replacementCharacter, into: &events) }
    case .escape(let doubled):
      events.append(.key(doubled ? .alt(.escape) : .escape))
    case .escapedCharacter:
      _ = utf8.flush()
      events.append(.key(.alt(.character("\u{FFFD}"))))
    case .controlSequence(let doubled), .singleShift(let doubled):
      if sequence.count == 2 { introducerAlone(doubled: doubled, into: &events) }
    case .mouse, .legacyMouse:
      break
    case .string(let escaped):
      if sequence.count == 2 { introducerAlone(doubled: false, into: &events) }
      if escaped { events.append(.key(.escape)) }
    case .paste:
      return []
    }
    state = .ground
    return events
  }

  /// Resolves what is pending because the input was cut off: the rest of it went elsewhere
  /// (while the program was stopped, the terminal was the shell's) and will never come.
  ///
  /// As ``flush()``, and a paste in progress ends with the text that arrived, so the keys
  /// typed next are keys again.
  public mutating func interrupt() -> [InputEvent] {
    guard state == .paste else { return flush() }
    deadline = nil
    var events: [InputEvent] = []
    paste.close(into: &events)
    paste = PasteBuffer()
    state = .ground
    return events
  }

  // MARK: Reading bytes

  private mutating func read(_ byte: UInt8, into events: inout [InputEvent]) {
    switch state {
    case .ground: readGround(byte, into: &events)
    case .escape(let doubled): readEscaped(byte, doubled: doubled, into: &events)
    case .escapedCharacter:
      switch utf8.push(byte) {
      case .pending: return
      case .scalar(let scalar):
        if let key = InputDecoder.key(for: scalar) { events.append(.key(.alt(key))) }
      case .invalid: events.append(.key(.alt(.character("\u{FFFD}"))))
      case .invalidThenRetry:
        events.append(.key(.alt(.character("\u{FFFD}"))))
        state = .ground
        readGround(byte, into: &events)
        return
      }
      state = .ground
    case .controlSequence(let doubled): readControlSequence(byte, doubled: doubled, into: &events)
    case .singleShift(let doubled): readSingleShift(byte, doubled: doubled, into: &events)
    case .string(let escaped): readString(byte, escaped: escaped, into: &events)
    case .mouse: readMouse(byte, into: &events)
    case .legacyMouse: readLegacyMouse(byte, into: &events)
    case .paste:
      paste.read(byte, maximumLength: maximumPasteLength, into: &events)
      if paste.isClosed {
        paste.close(into: &events)
        paste = PasteBuffer()
        state = .ground
      }
    }
  }

  private mutating func readGround(_ byte: UInt8, into events: inout [InputEvent]) {
    switch utf8.push(byte) {
    case .pending: return
    case .scalar(let scalar):
      if scalar == "\u{1B}" {
        begin(.escape(doubled: false), with: byte)
      } else {
        emit(scalar, into: &events)
      }
    case .invalid: emit(.replacementCharacter, into: &events)
    case .invalidThenRetry:
      emit(.replacementCharacter, into: &events)
      readGround(byte, into: &events)
    }
  }

  private mutating func readEscaped(_ byte: UInt8, doubled: Bool, into events: inout [InputEvent]) {
    switch byte {
    case UInt8(ascii: "["):
      state = .controlSequence(doubled: doubled)
      append(byte)
    case UInt8(ascii: "O"):
      state = .singleShift(doubled: doubled)
      append(byte)
    case _ where doubled:
      events.append(.key(.alt(.escape)))
      state = .ground
      readGround(byte, into: &events)
    case 0x1B:
      state = .escape(doubled: true)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):
      state = .string(escaped: false)
      append(byte)
    case 0x80...:
      state = .escapedCharacter
      read(byte, into: &events)
    default:
      if let key = sequences[[0x1B, byte]] {
        events.append(.key(key))
      } else if let key = InputDecoder.key(for: Unicode.Scalar(byte)) {
        events.append(.key(.alt(key)))
      }
      state = .ground
    }
  }

  private mutating func readControlSequence(
    _ byte: UInt8, doubled: Bool, into events: inout [InputEvent]
  ) {
    switch byte {
    case UInt8(ascii: "<") where sequence.count == 2:
      append(byte)
      state = .mouse
    case 0x20...0x3F:
      append(byte)
    case UInt8(ascii: "[") where sequence.count == 2:
      // The Linux console's F1 to F5 are `ESC [ [ A` to `ESC [ [ E`.
      append(byte)
    case 0x40...0x7E:
      append(byte)
      state = .ground
      if !isSequenceTooLong && sequence == InputDecoder.pasteStart {
        state = .paste
        paste = PasteBuffer()
      } else if readsLegacyMouseReports && sequence == InputDecoder.legacyMouseStart {
        state = .legacyMouse
      } else if sequences[sequence] == nil,
        let focused = InputDecoder.terminalFocus(forSequence: sequence)
      {
        // NB: an Escape before a report was a key of its own: a report takes no Alt.
        if doubled { events.append(.key(.escape)) }
        events.append(.terminalFocus(focused))
      } else if let key = finishedKey() {
        events.append(.key(doubled ? InputDecoder.withAlt(key) : key))
      }
    default:
      // NB: a control byte or Escape cuts the sequence short; it is dropped and the byte
      // read afresh, so a broken sequence never eats the key after it.
      state = .ground
      readGround(byte, into: &events)
    }
  }

  /// Reads a byte of an SGR report, after `ESC [ <`.
  private mutating func readMouse(_ byte: UInt8, into events: inout [InputEvent]) {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ";"):
      append(byte)
    case UInt8(ascii: "M"), UInt8(ascii: "m"):
      append(byte)
      state = .ground
      if !isSequenceTooLong, let mouse = InputDecoder.mouseEvent(forSequence: sequence) {
        events.append(.mouse(mouse))
      }
    default:
      // NB: no report goes on like this, so its rest is not coming: what came is dropped and
      // the byte read afresh, so a cut report never eats the key after it.
      state = .ground
      readGround(byte, into: &events)
    }
  }

  /// Reads a byte of a legacy report, after `ESC [ M`.
  private mutating func readLegacyMouse(_ byte: UInt8, into events: inout [InputEvent]) {
    // NB: the report's bytes are raw, not text: each is 32 plus a value, or 0 past the last
    // position the encoding holds (xterm), so none of them ever reaches a screen as a key. A
    // control code is none of those: the report was cut, and the byte is read afresh.
    if (0x01...0x1F).contains(byte) {
      state = .ground
      readGround(byte, into: &events)
      return
    }
    sequence.append(byte)
    guard sequence.count == InputDecoder.legacyMouseStart.count + 3 else { return }
    state = .ground
    if let event = InputDecoder.legacyMouseEvent(Array(sequence.suffix(3))) {
      events.append(.mouse(event))
    }
  }

  private mutating func readSingleShift(
    _ byte: UInt8, doubled: Bool, into events: inout [InputEvent]
  ) {
    switch byte {
    case 0x30...0x3F:
      append(byte)
    case 0x40...0x7E:
      append(byte)
      state = .ground
      if let key = finishedKey() {
        events.append(.key(doubled ? InputDecoder.withAlt(key) : key))
      }
    default:
      state = .ground
      readGround(byte, into: &events)
    }
  }

  private mutating func readString(_ byte: UInt8, escaped: Bool, into events: inout [InputEvent]) {
    if escaped {
      if byte == UInt8(ascii: "\\") {
        state = .ground
      } else {
        // An Escape that is not the string terminator starts something new.
        begin(.escape(doubled: false), with: 0x1B)
        read(byte, into: &events)
      }
      return
    }
    switch byte {
    case 0x07: state = .ground
    case 0x1B: state = .string(escaped: true)
    default: append(byte)
    }
  }

  // MARK: Helpers

  private mutating func begin(_ newState: State, with byte: UInt8) {
    state = newState
    sequence.removeAll(keepingCapacity: true)
    isSequenceTooLong = false
    sequence.append(byte)
  }

  private mutating func append(_ byte: UInt8) {
    if sequence.count < InputDecoder.maximumSequenceLength {
      sequence.append(byte)
    } else {
      isSequenceTooLong = true
    }
  }

  private func finishedKey() -> Key? {
    guard !isSequenceTooLong else { return nil }
    if let key = sequences[sequence] { return key }
    return InputDecoder.key(forSequence: sequence)
  }

  private func introducerAlone(doubled: Bool, into events: inout [InputEvent]) {
    let introducer = Key.character(Character(Unicode.Scalar(sequence[1])))
    if doubled {
      events.append(.key(.alt(.escape)))
      events.append(.key(introducer))
    } else {
      events.append(.key(.alt(introducer)))
    }
  }

  private func emit(_ scalar: Unicode.Scalar, into events: inout [InputEvent]) {
    if let key = InputDecoder.key(for: scalar) { events.append(.key(key)) }
  }

  static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
}

extension Unicode.Scalar {
  static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"
}
