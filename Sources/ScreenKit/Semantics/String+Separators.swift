extension String {
  /// The text without the separators a prompt ends with (`Name: `, `> `), as a label says it.
  func trimmingSeparators() -> String {
    var text = Substring(self)
    while let last = text.last, last == " " || last == ":" || last == ">" || last == "›" {
      text.removeLast()
    }
    while let first = text.first, first == " " || first == ">" || first == "›" {
      text.removeFirst()
    }
    return String(text)
  }
}
