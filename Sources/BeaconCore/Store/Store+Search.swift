import Foundation

extension Store {
  /// The stored places of `category` within `radiusMeters` of `center` whose name, address or cuisine
  /// contain every word of `text` (word prefixes, case and accents ignored), nearest first.
  ///
  /// Uses the R*Tree for the bounding box and FTS5 for the text, then the exact distance.
  public func places(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    text: String?
  ) throws(BeaconError) -> [Place] {
    let latitudeDelta = Double(radiusMeters) / 111_320
    let longitudeDelta = Double(radiusMeters) / max(1, 111_320 * cos(center.lat * .pi / 180))
    var sql = """
      SELECT \(Self.placeColumns) FROM place_rtree JOIN place ON place.rowid = place_rtree.place_rowid
      WHERE place_rtree.min_latitude >= ? AND place_rtree.max_latitude <= ?
        AND place_rtree.min_longitude >= ? AND place_rtree.max_longitude <= ?
      """
    var values: [any DatabaseValueConvertible] = [
      center.lat - latitudeDelta, center.lat + latitudeDelta, center.lon - longitudeDelta, center.lon + longitudeDelta,
    ]
    if let category {
      sql += " AND place.category = ?"
      values.append(category.rawValue)
    }
    if let match = Self.fullTextQuery(text) {
      sql += " AND place.rowid IN (SELECT rowid FROM place_fts WHERE place_fts MATCH ?)"
      values.append(match)
    }
    let found: [Place] = try storage { try database.query(sql, values).compactMap(Self.place(from:)) }
    return
      found
      .map { (place: $0, distance: $0.location.distance(to: center)) }
      .filter { $0.distance <= Double(radiusMeters) }
      .sorted { $0.distance < $1.distance }
      .map(\.place)
  }

  /// An FTS5 query matching every word of `text` as a prefix; `nil` when there are no words.
  static func fullTextQuery(_ text: String?) -> String? {
    let words = (text ?? "").split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).map(String.init)
    guard !words.isEmpty else { return nil }
    // Each word is a quoted string (quotes doubled), so FTS5 syntax in user text is taken literally.
    return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
  }
}
