import Foundation

/// What every offline search asks of the store and only a write changes: whether the user has imported places (so
/// the demo places are left out unless asked for) and whether any place has a rating or a favourite mark (so the
/// summaries look them up).
struct SearchFacts: Equatable {
  /// The store's state the facts were read in (``Database/changeStamp``).
  var stamp: Database.ChangeStamp
  /// Whether an import is recorded (``Store/importedArea()`` is not `nil`).
  var hasImportedArea: Bool
  /// Whether the store holds any rating or favourite mark at all.
  var hasMarks: Bool
}

extension Store {
  /// The ``SearchFacts`` of the store as it is now: read again only when the store changed since they were read
  /// (``Database/changeStamp``: another connection committed, or this one changed a row), else remembered.
  func searchFacts() throws(BeaconError) -> SearchFacts {
    let stamp = try storage { try database.changeStamp }
    if let known = searchFactsCache, known.stamp == stamp { return known }
    let facts = SearchFacts(
      stamp: stamp,
      hasImportedArea: try importedArea() != nil,
      hasMarks: try storage { try database.query(.anyMarks, { Self.anyMarksSQL }, reading: { $0.int(0) }).first == 1 }
    )
    searchFactsCache = facts
    return facts
  }

  /// Runs `body` with the store's ``SearchFacts`` in one read transaction: every statement of a search sees the same
  /// state of the file, SQLite takes its locks once rather than once per statement, and what the facts say holds
  /// throughout (``ratingsAndFavorites(of:)`` uses them instead of asking again).
  func inSearchSnapshot<T>(_ body: (SearchFacts) throws(BeaconError) -> T) throws(BeaconError) -> T {
    try storage {
      try database.readTransaction {
        let facts = try searchFacts()
        snapshotFacts = facts
        defer { snapshotFacts = nil }
        return try body(facts)
      }
    }
  }
}
