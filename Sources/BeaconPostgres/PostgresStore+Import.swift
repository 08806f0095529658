import BeaconCore
import Foundation

extension PostgresStore {
  /// The columns an import compares to tell an updated place from an unchanged one (as the SQLite store does).
  private static let comparedColumns = [
    "name", "category", "latitude", "longitude", "address", "cuisine", "details", "opening_hours", "source",
  ]

  /// `columns` of table `table` as one row value, for `IS DISTINCT FROM`; the stored places' details in the form an
  /// import writes them (``storedDetails``).
  private static func rowValue(_ table: String) -> String {
    "("
      + comparedColumns.map { table == "place" && $0 == "details" ? storedDetails : "\(table).\($0)" }
      .joined(separator: ", ") + ")"
  }

  /// `place.details` in the form an import writes them: those of a place imported before that form
  /// (``OSMImporter/earlierStoredDetailsPattern``) reduced to their tags (`json` keeps their text as it was), so
  /// that the place in a newer file with the same tags is unchanged, as in the SQLite store.
  private static let storedDetails = """
    CASE WHEN place.details LIKE '\(OSMImporter.earlierStoredDetailsPattern)'
      THEN '\(OSMImporter.storedDetailsPrefix)' || (place.details::json #> '{properties,datasource,raw}')::text
        || '\(OSMImporter.storedDetailsSuffix)'
      ELSE place.details END
    """

  /// Reads an OpenStreetMap export (every format ``OSMImporter`` reads) into the server, as the SQLite store's
  /// import does, in one transaction: a failure, bad input, a cancelled task or a lost connection leaves the
  /// store exactly as it was.
  ///
  /// The places stream to the server with `COPY` as they are read (memory holds one object, a buffer and the ids
  /// seen, ``ImportedIDs``), into a temporary table; one statement then upserts them (the file's last form of each
  /// place), and the places from the same `source` in the import's area and categories that the file no longer
  /// has are removed, except those someone rated or marked as a favourite (`kept`). The places' mean position
  /// becomes the team's imported area (``teamImportedArea()``), the default centre of users who stored none.
  ///
  /// - Throws: ``BeaconError/importFailed(file:position:reason:)`` for bad input,
  ///   ``BeaconError/nothingImported(file:skipped:)`` when the file has no place Beacon keeps, and
  ///   ``BeaconError/storeServer(message:detail:)`` when the server fails or the task is cancelled.
  package func importPlaces(
    from input: sending ImportInput,
    source: String = "osm",
    maxBytes: Int = .max,
    at date: Date,
    progress: @Sendable (Int) -> Void = { _ in }
  ) throws(BeaconError) -> ImportReport {
    let file = input.name
    return try run {
      try connection.transaction { () throws -> ImportReport in
        try connection.query(
          """
          CREATE TEMPORARY TABLE beacon_import (
            seq bigint NOT NULL, id text NOT NULL, name text NOT NULL, category text NOT NULL,
            latitude double precision NOT NULL, longitude double precision NOT NULL, address text, cuisine text,
            details text, opening_hours text, time_zone text, source text NOT NULL, search_text text NOT NULL,
            fact_diet integer NOT NULL, fact_diet_known integer NOT NULL, fact_cuisine text[], fact_wheelchair text,
            fact_outdoor_seating boolean, fact_takeaway boolean)
          ON COMMIT DROP
          """
        )
        var streamed: OSMImporter.Streamed?
        // The mean position of every place the file gives (one given twice counts twice), summed in file order as
        // the SQLite store does, so both stores' imported areas are the same numbers.
        var sums = (lat: 0.0, lon: 0.0, count: 0)
        try connection.copy(
          """
          COPY beacon_import (seq, id, name, category, latitude, longitude, address, cuisine, details,
            opening_hours, time_zone, source, search_text, \(PostgresFacts.columns)) FROM STDIN
          """
        ) { writer in
          streamed = try OSMImporter.stream(
            input,
            source: source,
            maxBytes: maxBytes,
            progress: progress,
            parallel: true,
            cancelled: BeaconError.storeServer(message: .storageFailure, detail: "the import was cancelled")
          ) {
            place,
            facts,
            earlier,
            _ throws(BeaconError) in
            if writer.rows % 512 == 511, Task.isCancelled {
              throw BeaconError.storeServer(message: .storageFailure, detail: "the import was cancelled")
            }
            sums = (sums.lat + place.location.lat, sums.lon + place.location.lon, sums.count + 1)
            do throws(PostgresError) {
              try writer.row(
                [
                  writer.rows, place.id, place.name, place.category.rawValue, place.location.lat, place.location.lon,
                  place.address, place.cuisine, place.detailsJSON, place.openingHours, place.timeZone, place.source,
                  PostgresTextSearch.searchText(of: place),
                ] + PostgresFacts.values(facts.placeFacts ?? ImportFacts.storedFacts(of: place))
              )
            } catch {
              throw error.beaconError
            }
            return earlier ?? .added
          }
        }
        guard let streamed else { throw BeaconError.nothingImported(file: file, skipped: [:]) }
        guard let area = try importedArea() else {
          throw BeaconError.nothingImported(file: file, skipped: streamed.skipped)
        }
        let tally = try storeImported(date: date, tally: try streamed.ids.tally())
        let (removed, kept) = try removeMissing(in: area, source: source, unplaced: streamed.unplaced)
        let count = Double(max(sums.count, 1))
        try connection.query(
          """
          INSERT INTO imported_area (id, latitude, longitude, places, imported_at) VALUES (1, $1, $2, $3, $4)
          ON CONFLICT (id) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
            places = excluded.places, imported_at = excluded.imported_at
          """,
          [sums.lat / count, sums.lon / count, streamed.ids.count, date.timeIntervalSince1970]
        )
        return ImportReport(
          format: streamed.format,
          tally: tally,
          derivedIDs: streamed.derivedIDs,
          skipped: streamed.skipped,
          removed: removed,
          kept: kept,
          area: area
        )
      }
    }
  }

  /// The bounding box of every place the file had (`nil` when it had none).
  private func importedArea() throws -> BoundingBox? {
    let row = try connection.query(
      "SELECT min(latitude), min(longitude), max(latitude), max(longitude) FROM beacon_import"
    ).first
    guard let south = row?.double(0), let west = row?.double(1), let north = row?.double(2),
      let east = row?.double(3)
    else { return nil }
    return BoundingBox(south: south, west: west, north: north, east: east)
  }

  /// Upserts the file's last form of each place (`beacon_final`), leaving the unchanged ones as they are; returns
  /// `tally` with how many were added, updated and unchanged.
  private func storeImported(date: Date, tally: ImportedIDs.Tally) throws -> ImportedIDs.Tally {
    try connection.query(
      """
      CREATE TEMPORARY TABLE beacon_final ON COMMIT DROP AS
      SELECT DISTINCT ON (id) * FROM beacon_import ORDER BY id, seq DESC
      """
    )
    // Imports into one store merge one at a time (until this one commits): what this one counts as added or
    // updated is then what its upsert does, not what another import running beside it changed in between.
    try connection.query(
      "SELECT pg_advisory_xact_lock($1, hashtext(coalesce(current_schema(), '')))",
      [PostgresMigrations.lockKey + 1]
    )
    try connection.query("ALTER TABLE beacon_final ADD PRIMARY KEY (id)")
    try connection.query("ANALYZE beacon_final")
    let outcomes = try connection.query(
      """
      SELECT count(*) FILTER (WHERE place.id IS NULL),
        count(*) FILTER (WHERE place.id IS NOT NULL AND \(Self.rowValue("place")) IS DISTINCT FROM
          \(Self.rowValue("beacon_final")))
      FROM beacon_final LEFT JOIN place ON place.id = beacon_final.id
      """
    ).first
    let columns = "id, name, category, latitude, longitude, address, cuisine, details, opening_hours, time_zone, "
    let facts = PostgresFacts.columns
    let updatedFacts = facts.split(separator: ", ").map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    try connection.query(
      """
      INSERT INTO place (\(columns) source, fetched_at, search_text, \(facts), facts_filled)
      SELECT \(columns) source, $1, search_text, \(facts), true FROM beacon_final
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, category = excluded.category,
        latitude = excluded.latitude, longitude = excluded.longitude, address = excluded.address,
        cuisine = excluded.cuisine, details = excluded.details, opening_hours = excluded.opening_hours,
        time_zone = excluded.time_zone, source = excluded.source, fetched_at = excluded.fetched_at,
        search_text = excluded.search_text, \(updatedFacts), facts_filled = true
      WHERE \(Self.rowValue("place")) IS DISTINCT FROM \(Self.rowValue("excluded"))
      """,
      [date]
    )
    // Places left unchanged keep their facts; any stored without them (an upgrade's not yet filled) get them here.
    try Self.fillFacts(connection)
    var tally = tally
    let total = tally.added + tally.updated + tally.unchanged
    tally.added = outcomes?.int(0) ?? 0
    tally.updated = outcomes?.int(1) ?? 0
    tally.unchanged = total - tally.added - tally.updated
    return tally
  }

  /// Removes the places from `source` in `area`, of the categories the file has, that the file no longer has,
  /// except those someone rated or marked as a favourite; returns how many were removed and how many kept. The
  /// `unplaced` ones, which the file has but could not place (some nodes outside the extract), are not gone.
  private func removeMissing(
    in area: BoundingBox,
    source: String,
    unplaced: Set<String>
  ) throws -> (removed: Int, kept: Int) {
    let missing = """
      place.source = $1 AND place.latitude BETWEEN $2 AND $3 AND place.longitude BETWEEN $4 AND $5
        AND place.category IN (SELECT DISTINCT category FROM beacon_import)
        AND NOT EXISTS (SELECT 1 FROM beacon_final WHERE beacon_final.id = place.id)
        AND NOT (place.id = ANY($6::text[]))
      """
    let used = """
      (EXISTS (SELECT 1 FROM rating WHERE rating.place_id = place.id)
        OR EXISTS (SELECT 1 FROM favorite WHERE favorite.place_id = place.id))
      """
    let values: [(any PostgresBindable)?] = [
      source, area.south, area.north, area.west, area.east, Self.textArrayLiteral(unplaced.sorted()),
    ]
    // A rating or favourite someone adds while this runs must keep its place, not fail the import on the foreign
    // key: writes of them wait here until this import commits (reads do not), and those already under way are
    // waited for, so the check below sees them.
    try connection.query("LOCK TABLE rating, favorite IN SHARE MODE")
    let kept = try connection.query("SELECT count(*) FROM place WHERE \(missing) AND \(used)", values).first?.int(0)
    let removed = try connection.query(
      "WITH gone AS (DELETE FROM place WHERE \(missing) AND NOT \(used) RETURNING 1) SELECT count(*) FROM gone",
      values
    ).first?.int(0)
    return (removed ?? 0, kept ?? 0)
  }
}
extension PostgresStore: PlaceImporting {}

extension PostgresStore {
  /// `texts` as a PostgreSQL array literal (`{"a","b\\"c"}`), each element quoted with `"` and `\` escaped.
  static func textArrayLiteral(_ texts: [String]) -> String {
    let elements = texts.map { text in
      "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    return "{" + elements.joined(separator: ",") + "}"
  }
}
