import ScreenKit

/// How an episode's detail looks, shared by both loading variants so that they differ only in
/// how they load: styled lines wrapped to a width, drawn from a scroll offset.
struct EpisodeDetailView {
  /// One row of the detail.
  struct Line {
    /// The text, already wrapped to fit.
    var text: String
    /// How it is drawn.
    var style: Style = .plain
  }

  /// The detail shown.
  let detail: EpisodeDetail

  /// The detail as rows of at most `width` cells.
  func lines(width: Int) -> [Line] {
    guard width > 0 else { return [] }
    let episode = detail.episode
    var lines: [Line] = []
    func add(_ text: String, _ style: Style = .plain) {
      lines += text.wrapped(toWidth: width).map { Line(text: $0, style: style) }
    }
    let star = detail.isStarred ? "★ " : ""
    add("\(star)\(episode.label)  \(episode.name)", Style(attributes: .bold))
    var facts = ["\(episode.date)", "\(episode.durationMinutes) min"]
    if let collection = detail.collection { facts.append(collection.name) }
    add(facts.joined(separator: " · "), Style(foreground: .cyan))
    lines.append(Line(text: ""))
    add(episode.synopsis)
    if !detail.related.isEmpty {
      lines.append(Line(text: ""))
      add("More in \(detail.collection?.name ?? "this collection")", Style(attributes: .bold))
      for related in detail.related {
        let row = "  \(related.label)  \(related.name)"
        lines.append(Line(text: row.truncated(toWidth: width), style: .dim))
      }
    }
    return lines
  }

  /// Where the focus shows in a detail: the first character of its top line, past the margin.
  static let focusPoint = Point(x: 1, y: 0)

  /// Draws the lines of `bounds.width - 2` cells (one column of margin either side), starting
  /// at line `offset`.
  func draw(in canvas: inout Canvas, bounds: Rect, offset: Int) {
    let lines = self.lines(width: bounds.width - 2)
    for y in 0..<bounds.height {
      let index = offset + y
      guard index < lines.count else { break }
      canvas.drawText(
        lines[index].text, at: Point(x: bounds.minX + 1, y: bounds.minY + y),
        style: lines[index].style)
    }
  }

  /// The largest useful scroll offset at `size`.
  func maxOffset(for size: Size) -> Int {
    max(0, lines(width: size.width - 2).count - size.height)
  }

  /// The offset `offset` moved by `delta` lines, kept between the top and the last full page
  /// at `size`.
  func offset(_ offset: Int, scrolledBy delta: Int, in size: Size) -> Int {
    min(max(0, offset + delta), maxOffset(for: size))
  }

  /// The lines `key` scrolls the detail by (the arrows and j/k), or `nil` when it does not.
  static func scrollDelta(for key: Key) -> Int? {
    switch key {
    case .up, .character("k"): -1
    case .down, .character("j"): 1
    default: nil
    }
  }

  /// The hint of the star key: what `s` does to `detail` now.
  static func starHint(for detail: EpisodeDetail) -> KeyHint {
    KeyHint("s", detail.isStarred ? "unstar" : "star")
  }

  /// The lines the wheel scrolls the detail by, as the library's text and lists scroll, or
  /// `nil` for any other mouse event.
  static func scrollDelta(for event: MouseEvent) -> Int? {
    event.wheelDelta.map { $0 * MouseEvent.linesPerWheelNotch }
  }
}
