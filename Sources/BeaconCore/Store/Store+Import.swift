import Foundation

/// What an import did to the store.
package struct ImportReport: Sendable, Equatable {
  /// The format the input was in.
  package var format: OSMImportFormat
  /// The outcome of the file's places (new, changed, as they were) and how many of each category it had.
  package var tally: ImportedIDs.Tally
  /// How many of them have an id derived from their content.
  package var derivedIDs: Int
  /// Features left out, by reason.
  package var skipped: [String: Int]
  /// Places of an earlier import from the same source, in the area of this one, that the file no longer has:
  /// removed from the store.
  package var removed: Int
  /// Such places that were kept all the same, because the user rated them or marked them as favourites.
  package var kept: Int
  /// The area this import covers: the bounding box of its places.
  package var area: BoundingBox

  /// A report of these figures.
  package init(
    format: OSMImportFormat,
    tally: ImportedIDs.Tally,
    derivedIDs: Int,
    skipped: [String: Int],
    removed: Int,
    kept: Int,
    area: BoundingBox
  ) {
    self.format = format
    self.tally = tally
    self.derivedIDs = derivedIDs
    self.skipped = skipped
    self.removed = removed
    self.kept = kept
    self.area = area
  }

  /// How many places the file brought.
  package var total: Int { tally.added + tally.updated + tally.unchanged }
}

/// A rectangle of latitudes and longitudes (edges included).
package struct BoundingBox: Sendable, Equatable, Codable {
  package var south: Double
  package var west: Double
  package var north: Double
  package var east: Double

  /// The box with these edges.
  package init(south: Double, west: Double, north: Double, east: Double) {
    self.south = south
    self.west = west
    self.north = north
    self.east = east
  }

  /// The box of one point.
  init(_ point: Coordinate) {
    south = point.lat
    north = point.lat
    west = point.lon
    east = point.lon
  }

  /// Grows the box to hold `point`.
  mutating func include(_ point: Coordinate) {
    south = min(south, point.lat)
    north = max(north, point.lat)
    west = min(west, point.lon)
    east = max(east, point.lon)
  }
}

extension Store {
  /// Reads an OpenStreetMap export and stores its places as it reads them, in one transaction: a failure, a
  /// cancelled task, or the process dying leaves the store exactly as it was.
  ///
  /// A re-import updates places by their OSM type and id (new ones are `added`, changed ones `updated`, the rest
  /// `unchanged`), then removes the places that disappeared from the import's area: places from the same `source`
  /// whose position lies in the bounding box of the file's places and whose category the file has, but which the
  /// file no longer has. Of those, places the user rated or marked as favourites are kept (and counted as `kept`).
  /// The imported places' mean position becomes the default centre (see ``importedArea()``).
  ///
  /// The input is read and its places built on a second thread, which hands them to this one (the connection's
  /// owner) through a bounded queue (``PlacePipe``). Memory holds one object of the input, at most a few thousand
  /// built places and the ids imported so far (``ImportedIDs``), whatever its size. The new places' filter facts are
  /// written with them, worked out in Swift (``ImportFacts``, while ``DeferredFacts`` holds their trigger back), and so
  /// are their rows of what filtered searches read (while ``DeferredCells`` holds those triggers back); their full text
  /// is indexed in batches as they are written and their R*Tree in bulk at the end (``DeferredIndexes``). What the
  /// writer does while the reading thread reads costs no wall time as long as the reader is the slower of the two.
  ///
  /// - Parameters:
  ///   - maxBytes: The largest object (a feature, an element, a GeoJSONSeq record).
  ///   - progress: Called with the number of bytes read so far, after each batch of places stored (256 places or
  ///     1 MiB of input apart).
  /// - Throws: ``BeaconError/importFailed(file:position:reason:)`` for bad input,
  ///   ``BeaconError/nothingImported(file:skipped:)`` when the file has no place Beacon keeps, and a storage
  ///   error (`SQLITE_INTERRUPT`) when the task is cancelled.
  package func importPlaces(
    from input: sending ImportInput,
    source: String = "osm",
    maxBytes: Int = .max,
    at date: Date,
    progress: @Sendable (Int) -> Void = { _ in }
  ) throws(BeaconError) -> ImportReport {
    try importPlaces(from: input, source: source, maxBytes: maxBytes, at: date, parallel: true, progress: progress)
  }

  /// How many new places an import puts in the full-text index at a time while it writes them
  /// (``DeferredIndexes/indexFullText(through:database:)``): each batch is a segment of the index, which FTS5 merges.
  static let fullTextBatch = 8_192

  /// ``importPlaces(from:source:maxBytes:at:progress:)``, reading and building the places on a second thread
  /// (`parallel`, what an import does) or on this one (for comparison), the new places' full text indexed in batches
  /// of `fullTextBatch` places as they are written; without `insertsFirst` every place goes through the upsert (the
  /// same store, for comparison: ``ImportWriter/insertSQL``); at most `idsInMemory` ids of the imported places in
  /// memory (``ImportedIDs``).
  package func importPlaces(
    from input: sending ImportInput,
    source: String = "osm",
    maxBytes: Int = .max,
    at date: Date,
    parallel: Bool,
    fullTextBatch: Int = Store.fullTextBatch,
    insertsFirst: Bool = true,
    idsInMemory: Int = ImportedIDs.memoryLimit,
    progress: @Sendable (Int) -> Void = { _ in }
  ) throws(BeaconError) -> ImportReport {
    try storage {
      // A bigger page cache while the indexes grow (64 MiB; SQLite's default is 2 MiB), then back.
      try database.execute("PRAGMA cache_size = -65536")
      defer { try? database.execute("PRAGMA cache_size = -2000") }
      // A first import writes its pages once, with a rollback journal (``BulkJournal``).
      let bulk = BulkJournal.begin(database: database, storedPlaces: try ImportWriter.lastRowID(in: database))
      defer { bulk?.end(database: database) }
      return try database.transaction { () throws -> ImportReport in
        let lastRowID = try ImportWriter.lastRowID(in: database)
        var deferred = try DeferredIndexes.begin(database: database, after: lastRowID)
        let facts = try DeferredFacts.begin(database: database, after: lastRowID)
        let cells = try DeferredCells.begin(database: database, after: lastRowID)
        // The new places' facts are written with them when their trigger is deferred (and is migration 11's).
        // And so are their rows of `place_cell`, while the reading thread still reads, when those are deferred too.
        var writer = try ImportWriter(
          database: database,
          date: date,
          facts: facts != nil,
          cells: cells != nil,
          insertsFirst: insertsFirst
        )
        let streamed = try OSMImporter.stream(
          input,
          source: source,
          maxBytes: maxBytes,
          progress: progress,
          parallel: parallel,
          idsInMemory: idsInMemory
        ) {
          place,
          placeFacts,
          earlier,
          provisional throws(BeaconError) in
          let outcome = try writer.write(
            place,
            facts: placeFacts,
            earlier: earlier,
            provisional: provisional,
            storeFailure: { self.storageError($0) }
          )
          // The new places' full text goes into the index in batches while the reading thread reads.
          if let through = deferred?.fullTextThrough, writer.lastNewRowID - through >= Int64(fullTextBatch) {
            do throws(SQLiteError) {
              try deferred?.indexFullText(through: writer.lastNewRowID, database: database)
            } catch {
              throw self.storageError(error)
            }
          }
          return outcome
        }
        guard let area = writer.area else {
          throw BeaconError.nothingImported(file: input.name, skipped: streamed.skipped)
        }
        try writer.checkCancellation()
        do {
          try deferred?.finish(database: database)
        } catch let error as TemporaryFileError {
          // The R*Tree's sort (``ExternalSort``) could not use its temporary file.
          throw BeaconError.importFailed(
            file: input.name,
            position: nil,
            reason: .temporaryFile(directory: error.directory)
          )
        }
        try facts?.finish(database: database, filled: true)
        try cells?.finish(database: database, refreshed: writer.refreshed, filled: writer.keepsCells)
        let (removed, kept) = try removeMissing(
          in: area,
          categories: writer.categories,
          source: source,
          keeping: streamed.ids,
          unplaced: streamed.unplaced,
          upTo: writer.lastRowIDBefore
        )
        try writer.checkCancellation()
        let count = Double(writer.written)
        try database.run(
          """
          INSERT INTO imported_area (id, latitude, longitude, places, imported_at) VALUES (1, ?, ?, ?, ?)
          ON CONFLICT(id) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
            places = excluded.places, imported_at = excluded.imported_at
          """,
          [writer.latitudeSum / count, writer.longitudeSum / count, streamed.ids.count, date.timeIntervalSince1970]
        )
        return ImportReport(
          format: streamed.format,
          tally: try streamed.ids.tally(),
          derivedIDs: streamed.derivedIDs,
          skipped: streamed.skipped,
          removed: removed,
          kept: kept,
          area: area
        )
      }
    }
  }

  /// Removes the places from `source` in `area` of `categories` that neither `ids` nor `unplaced` (places the file
  /// has but could not place) has, except those rated or favourited; returns how many were removed and how many kept.
  ///
  /// Only rows up to `lastRowID` (the largest rowid before the import) are looked at: a row after it was written by
  /// this import, so `ids` has it. An import into a store without places looks at nothing.
  private func removeMissing(
    in area: BoundingBox,
    categories: Set<PlaceCategory>,
    source: String,
    keeping ids: ImportedIDs,
    unplaced: Set<String>,
    upTo lastRowID: Int64
  ) throws -> (removed: Int, kept: Int) {
    guard lastRowID > 0 else { return (0, 0) }
    // The R*Tree holds 32-bit floats rounded outwards: ask it for a slightly larger box, then compare exactly.
    let margin = 1e-4
    let candidates = try database.statement(
      """
      SELECT place.rowid, place.id, place.category,
        EXISTS (SELECT 1 FROM rating WHERE rating.place_id = place.id)
          OR EXISTS (SELECT 1 FROM favorite WHERE favorite.place_id = place.id)
      FROM place
      WHERE place.rowid IN (
          SELECT place_rowid FROM place_rtree
          WHERE max_latitude >= ? AND min_latitude <= ? AND max_longitude >= ? AND min_longitude <= ?
            AND place_rowid <= ?)
        AND place.latitude BETWEEN ? AND ? AND place.longitude BETWEEN ? AND ? AND place.source = ?
      """
    )
    try candidates.bind([
      area.south - margin, area.north + margin, area.west - margin, area.east + margin, lastRowID, area.south,
      area.north, area.west, area.east, source,
    ])
    defer { candidates.reset() }
    // Row by row (a whole country's places need not be in memory): only the rowids to remove are kept.
    var removed: [Int64] = []
    var kept = 0
    while try candidates.step() {
      // A place the file has but could not place (some of its nodes are outside the extract) is not gone.
      guard case .text(let id) = candidates.column(1), try !ids.contains(id), !unplaced.contains(id),
        case .text(let name) = candidates.column(2), let category = PlaceCategory(rawValue: name),
        categories.contains(category)
      else { continue }
      if candidates.integer(at: 3) != 0 {
        kept += 1
      } else {
        removed.append(candidates.integer(at: 0))
      }
    }
    for rowid in removed {
      try database.run("DELETE FROM place WHERE rowid = ?", [rowid])
    }
    return (removed.count, kept)
  }

  /// A storage failure as ``storage(_:)`` reports it.
  nonisolated func storageError(_ error: SQLiteError) -> BeaconError {
    error.isDamage ? .storeDamaged(path: path, atOpen: false, detail: error) : .storage(error)
  }
}
