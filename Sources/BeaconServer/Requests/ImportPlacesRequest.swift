import BeaconCore
import JSONRPC

/// Imports restaurants, cafés and hotels from an OpenStreetMap export (GeoJSON or GeoJSONSeq from `osmium export`,
/// Overpass JSON) into the store, so any city can be searched offline. Idempotent: a re-import updates, never
/// duplicates. A file with nothing to import is an error, and nothing is stored.
public struct ImportPlacesRequest: RequestType, Encodable, Equatable {
  public static let method = "places/import"
  public static let ordering = RequestOrdering.exclusive

  /// The file to read, as an absolute path (or relative to the server's working directory); `-` is the standard
  /// input, for `beacon import -` only.
  public var path: String

  public init(path: String) { self.path = path }

  /// What was imported.
  public struct Response: Codable, Sendable, Equatable {
    /// The file, as given.
    public var file: String
    /// The format the content was recognised as: `geojson`, `geojsonseq` or `overpass`.
    public var format: String
    /// How many places were stored.
    public var total: Int
    /// Stored places per category.
    public var imported: Counts
    /// How many of them had no OSM id in the file and got one derived from their content (a re-import cannot
    /// update those: export with `osmium export -a type,id`).
    public var derivedIds: Int
    /// Features left out, by reason (`nameless`, `otherKind`, `duplicate`, `unsupportedGeometry`, `noCenter`).
    public var skipped: [String: Int]

    /// Places per category.
    public struct Counts: Codable, Sendable, Equatable {
      public var restaurant: Int
      public var cafe: Int
      public var hotel: Int
    }
  }
}
