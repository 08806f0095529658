/// The SQL of `place_cell` (migration 12), the table a filtered search reads instead of the places: written once
/// here for the migration's fill of the places stored before and for an import's bulk fill (``DeferredCells``).
enum PlaceCellSQL {
  /// The band of latitude a place at `latitude` (SQL) lies in: 500ths of a degree (~220 m) from the South Pole. Swift
  /// computes the same with ``band(of:)`` (the same double arithmetic).
  static func band(_ latitude: String) -> String { "CAST((\(latitude) + 90) * 500 AS INTEGER)" }

  /// The band of latitude of `latitude`, as the SQL of ``band(_:)`` computes it (non-decreasing in `latitude`).
  static func band(of latitude: Double) -> Int { Int((latitude + 90) * 500) }

  /// Fills `place_cell` for every place after rowid `lastRowID` (SQL), facts included, in key order.
  static func fill(after lastRowID: String) -> String {
    """
    INSERT OR REPLACE INTO place_cell
      SELECT place.category, \(band("place.latitude")), place.longitude, place.rowid, place.latitude, place.source,
        place_fact.diet, place_fact.diet_known, place_fact.cuisine, place_fact.wheelchair, place_fact.outdoor_seating,
        place_fact.takeaway
      FROM place LEFT JOIN place_fact ON place_fact.place_rowid = place.rowid
      WHERE place.rowid > \(lastRowID)
      ORDER BY 1, 2, 3, 4;
    """
  }
}
