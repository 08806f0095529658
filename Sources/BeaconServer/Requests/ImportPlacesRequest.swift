import BeaconCore
import JSONRPC

/// Imports restaurants, cafés and hotels from an OpenStreetMap export (GeoJSON or GeoJSONSeq from `osmium export`,
/// Overpass JSON, OSM PBF) into the store, so any city can be searched offline, in one transaction: all or nothing.
/// A re-import updates places by OSM type and id, never duplicates, and removes those gone from the file's area
/// (except rated or favourite places, which are kept). A file with nothing to import is an error, and nothing is
/// stored.
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
    /// How many places the file has (stored: added, updated or unchanged).
    public var total: Int
    /// Stored places per category.
    public var imported: Counts
    /// How many of them had no OSM id in the file and got one derived from their content (a re-import cannot
    /// update those: export with `osmium export -a type,id`).
    public var derivedIds: Int
    /// Features left out, by reason (`nameless`, `otherKind`, `duplicate`, `unsupportedGeometry`, `noCenter`,
    /// `missingNodes`).
    public var skipped: [String: Int]
    /// Places the store did not have.
    public var added: Int
    /// Places the store had with other data (name, position, tags…), now updated.
    public var updated: Int
    /// Places the store had just so.
    public var unchanged: Int
    /// Places an earlier import from OpenStreetMap stored in this file's area (the bounding box of its places, for
    /// the categories it has) that the file no longer has: removed.
    public var removed: Int
    /// Such places kept all the same, because the user rated them or marked them as favourites.
    public var kept: Int

    /// The answer for an import of `file` that did `report`.
    public init(file: String, report: ImportReport) {
      self.file = file
      format = report.format.rawValue
      total = report.total
      imported = Counts(restaurant: report.tally.restaurant, cafe: report.tally.cafe, hotel: report.tally.hotel)
      derivedIds = report.derivedIDs
      skipped = report.skipped
      added = report.tally.added
      updated = report.tally.updated
      unchanged = report.tally.unchanged
      removed = report.removed
      kept = report.kept
    }

    /// Places per category.
    public struct Counts: Codable, Sendable, Equatable {
      public var restaurant: Int
      public var cafe: Int
      public var hotel: Int
    }
  }
}
