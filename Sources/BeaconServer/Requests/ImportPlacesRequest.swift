import BeaconCore
import JSONRPC

/// Imports restaurants, cafés and hotels from an OpenStreetMap GeoJSON file (`osmium export`, Overpass)
/// into the store, so any city can be searched offline. Idempotent: a re-import updates, never duplicates.
public struct ImportPlacesRequest: RequestType, Encodable, Equatable {
  public static let method = "places/import"
  public static let ordering = RequestOrdering.exclusive

  /// The file to read, as an absolute path (or relative to the server's working directory).
  public var path: String

  public init(path: String) { self.path = path }

  /// What was imported.
  public struct Response: Codable, Sendable, Equatable {
    /// The file, as given.
    public var file: String
    /// How many places were stored.
    public var total: Int
    /// Stored places per category.
    public var imported: Counts
    /// Features left out, by reason (`nameless`, `otherKind`, `duplicate`, `missingId`, `unsupportedGeometry`).
    public var skipped: [String: Int]

    /// Places per category.
    public struct Counts: Codable, Sendable, Equatable {
      public var restaurant: Int
      public var cafe: Int
      public var hotel: Int
    }
  }
}
