import Foundation

/// Where the user's own imported places lie: the mean position of the latest import.
package struct ImportedArea: Sendable, Equatable {
  /// The mean position of the places of the latest import.
  package var center: Coordinate
  /// How many places that import brought.
  package var places: Int

  /// Creates an area.
  package init(center: Coordinate, places: Int) {
    self.center = center
    self.places = places
  }
}

/// Where a list measures distances from when the request names no centre, and why there.
package struct DefaultCenter: Sendable, Equatable {
  /// The point.
  package var center: Coordinate
  /// `settings` (the stored centre, or the default one when Beacon searches Geoapify), `imported` (the centre of
  /// the user's imported places) or `demo` (offline, with nothing stored or imported: the demo data).
  package var source: String

  /// Creates a centre with where it came from.
  package init(center: Coordinate, source: String) {
    self.center = center
    self.source = source
  }
}

extension Store {
  /// Stores the places of an import and remembers them (their mean position) as the user's own data, the
  /// default centre of searches and lists from now on (unless a centre is stored), in one transaction: a failure
  /// leaves the store as it was. An empty import changes nothing.
  package func importPlaces(_ places: [Place], at date: Date) throws(BeaconError) {
    guard !places.isEmpty else { return }
    let count = Double(places.count)
    let lat = places.reduce(0) { $0 + $1.location.lat } / count
    let lon = places.reduce(0) { $0 + $1.location.lon } / count
    try storage {
      try database.transaction {
        try insert(places, replacing: true)
        try database.run(
          """
          INSERT INTO imported_area (id, latitude, longitude, places, imported_at) VALUES (1, ?, ?, ?, ?)
          ON CONFLICT(id) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
            places = excluded.places, imported_at = excluded.imported_at
          """,
          [lat, lon, places.count, date.timeIntervalSince1970]
        )
      }
    }
  }

  /// Where the user's imported places lie, or `nil` when nothing was ever imported.
  package func importedArea() throws(BeaconError) -> ImportedArea? {
    try storage {
      try database.query("SELECT latitude, longitude, places FROM imported_area WHERE id = 1").first.flatMap { row in
        guard let lat = row.double(0), let lon = row.double(1) else { return nil }
        let center = Coordinate(lat: lat, lon: lon)
        return center.isValid ? ImportedArea(center: center, places: row.int(2) ?? 0) : nil
      }
    }
  }

  /// The centre searches and the favourites list use when the request names none: the stored centre; else the
  /// centre of the user's imported places (unless `includesDemo` asks for the demo data); else, when searches
  /// run offline, the demo data's centre; else the default centre (Oslo S).
  package func defaultCenter(searchesOffline: Bool, includesDemo: Bool = false) throws(BeaconError) -> DefaultCenter {
    let settings = try settings()
    if try hasStoredCenter() { return DefaultCenter(center: settings.center, source: "settings") }
    if !includesDemo, let area = try importedArea() { return DefaultCenter(center: area.center, source: "imported") }
    if searchesOffline || includesDemo { return DefaultCenter(center: DemoDataset.center, source: "demo") }
    return DefaultCenter(center: settings.center, source: "settings")
  }

  /// Whether offline searches leave the demo places out: once the user has imported places of their own, the
  /// demo data shows only when asked for (`includeDemo`).
  func excludesDemo(unlessAsked includesDemo: Bool) throws(BeaconError) -> Bool {
    guard !includesDemo else { return false }
    return try importedArea() != nil
  }
}
