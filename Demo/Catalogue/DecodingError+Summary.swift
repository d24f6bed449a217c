import FoundationEssentials

extension DecodingError {
  /// One line saying what is wrong and where, such as `missing key "title" at episodes[3]`.
  var summary: String {
    switch self {
    case .keyNotFound(let key, let context):
      return "missing key \"\(key.stringValue)\"\(Self.location(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "expected \(type)\(Self.location(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "missing \(type) value\(Self.location(context.codingPath))"
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { " (\($0))" } ?? ""
      return context.debugDescription + underlying + Self.location(context.codingPath)
    @unknown default:
      return String(describing: self)
    }
  }

  private static func location(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "" }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return " at \(text)"
  }
}
