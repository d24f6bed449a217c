import TerminalProcess

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `Benchmarks --speech`: what a screen reader speaks per key in the accessible mode, in
/// seconds of speech through `espeak-ng` (a WAV written per key, its length read from it).
///
/// Runs the scripted session of the demo (`AccessibleDemoSession`: the browser, then the
/// picker), synthesises the text each key added, and prints the median and the longest per
/// kind of key, beside the seconds to speak the whole 80x24 frame that a reader re-reading
/// the screen would. A manual benchmark, not one of the scenarios `--quick` runs: it needs
/// `espeak-ng` (Debian's package of that name).
enum SpeechBenchmark {
  /// Runs it and prints the table; returns the exit status.
  static func run() -> Int32 {
    let candidates: [String] = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"]
    guard let espeak = candidates.first(where: { access($0, X_OK) == 0 }) else {
      log("Benchmarks: --speech needs espeak-ng (apt-get install espeak-ng)")
      return 2
    }
    let demo = ChildProcess.productsDirectory + "/Demo"
    do {
      let browser = try AccessibleDemoSession.browser(demo: demo)
      let picker = try AccessibleDemoSession.picker(demo: demo)
      let frame = try AccessibleDemoSession.fullFrameText(demo: demo)
      var seconds: [String: [Double]] = [:]
      var order: [String] = []
      for record in browser.records + picker.records {
        let kind = record.step.kind
        if seconds[kind] == nil { order.append(kind) }
        seconds[kind, default: []].append(try speak(spoken(record.text), with: espeak))
      }
      let frameSeconds = try speak(spoken(frame), with: espeak)
      print("Speech per key in the accessible mode (espeak-ng, default voice and rate):")
      print("")
      print("| key | keys | median s | max s | characters (max) |")
      print("| --- | ---: | ---: | ---: | ---: |")
      for kind in order {
        let values = seconds[kind] ?? []
        let texts = (browser.records + picker.records).filter { $0.step.kind == kind }
        let characters = texts.map { spoken($0.text).count }.max() ?? 0
        print(
          "| \(kind) | \(values.count) | \(format(median(values))) | "
            + "\(format(values.max() ?? 0)) | \(characters) |")
      }
      print(
        "| whole 80x24 frame re-read | 1 | \(format(frameSeconds)) | \(format(frameSeconds)) | "
          + "\(spoken(frame).count) |")
      return 0
    } catch {
      log("Benchmarks: the speech benchmark failed: \(error)")
      return 1
    }
  }

  /// What a reader speaks of `text`: its lines, without carriage returns, joined as
  /// sentences.
  static func spoken(_ text: String) -> String {
    withoutEscapes(text).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
      .map { $0.trimmedOfSpaces() }.filter { !$0.isEmpty }.joined(separator: ". ")
  }

  /// `text` without its escape sequences, which the terminal takes and a reader never sees
  /// (the modes a program switches off as it ends): a CSI sequence to its final byte, any
  /// other escape with the one character after it.
  static func withoutEscapes(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else {
        result.append(scalar)
        continue
      }
      guard scalars.next() == "[" else { continue }
      while let byte = scalars.next(), !(0x40...0x7E).contains(byte.value) {}
    }
    return String(result)
  }

  /// The seconds `espeak-ng` takes to say `text`: the length of the WAV it writes.
  static func speak(_ text: String, with espeak: String) throws(TerminalProcessError) -> Double {
    guard !text.isEmpty else { return 0 }
    let path = "/tmp/screenkit-speech-\(getpid()).wav"
    defer { unlink(path) }
    let process = try ChildProcess(
      executable: espeak, arguments: ["-w", path, "--", text], output: .discarded,
      error: .discarded)
    _ = process.waitForEnding(by: Deadline(after: .seconds(60)))
    return wavSeconds(at: path)
  }

  /// The length of the WAV at `path`: its data's bytes over the header's byte rate.
  static func wavSeconds(at path: String) -> Double {
    guard let file = fopen(path, "rb") else { return 0 }
    defer { fclose(file) }
    var header = [UInt8](repeating: 0, count: 44)
    guard fread(&header, 1, 44, file) == 44 else { return 0 }
    fseek(file, 0, SEEK_END)
    let size = ftell(file)
    let byteRate = header[28..<32].reversed().reduce(0) { $0 << 8 | Int($1) }
    guard byteRate > 0, size > 44 else { return 0 }
    return Double(size - 44) / Double(byteRate)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

extension Substring {
  /// The text without spaces at either end.
  fileprivate func trimmedOfSpaces() -> String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
