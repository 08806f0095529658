/// Beacon's OSM PBF decoder on its own, without building places or touching a store: what the import benchmarks
/// (Benchmarks/PBFTool) measure against libosmium.
package enum PBFDecoding {
  /// The wanted objects (restaurants, cafés, hotels, named or not) found, by OSM type, and how many of them have
  /// a location (nodes always; ways and multipolygon relations when their nodes are in the file).
  package struct Counts: Sendable, Equatable {
    package var nodes = 0
    package var ways = 0
    package var relations = 0
    package var located = 0
  }

  /// Reads `input` as ``OSMImporter`` reads a PBF file, counting what it finds.
  package static func count(_ input: ImportInput) throws(BeaconError) -> Counts {
    var counts = Counts()
    try PBFFeatureReader.read(input) { feature in
      switch feature.identity?.type {
      case "node": counts.nodes += 1
      case "way": counts.ways += 1
      default: counts.relations += 1
      }
      // A PBF feature's geometry is made by the reader: it cannot be malformed.
      if (try? feature.location()).flatMap({ $0 }) != nil { counts.located += 1 }
    }
    return counts
  }
}
