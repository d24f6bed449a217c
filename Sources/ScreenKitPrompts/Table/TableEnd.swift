/// How a table ended: the row chosen, or none.
struct TableEnd<Row: Sendable>: Sendable {
  var row: Row?
}
