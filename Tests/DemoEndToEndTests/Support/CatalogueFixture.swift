import Foundation

/// Small catalogue files for the `--data` tests.
enum CatalogueFixture {
  /// A valid catalogue of one collection and one episode.
  static let valid = """
    {"series": "Test Series",
     "collections": [{"id": "one", "title": "Only Collection", "summary": "Just one."}],
     "episodes": [{"number": 1, "title": "Only Episode", "date": "2020-01-01",
                   "durationMinutes": 10, "synopsis": "The one.", "collection": "one"}]}
    """

  /// Writes the valid catalogue to `name` in `directory`.
  static func write(to directory: URL, name: String = "catalogue.json") throws {
    try Data(valid.utf8).write(to: directory.appendingPathComponent(name))
  }
}
