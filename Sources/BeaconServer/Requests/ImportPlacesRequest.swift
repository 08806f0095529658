import BeaconCore
import JSONRPC

/// Imports restaurants, cafés and hotels from an OpenStreetMap export (GeoJSON or GeoJSONSeq from `osmium export`,
/// Overpass JSON, OSM PBF) into the store, so any city can be searched offline, in one transaction: all or nothing.
/// A re-import updates places by OSM type and id, never duplicates, and removes those gone from the file's area
/// (except rated or favourite places, which are kept). A file with nothing to import is an error, and nothing is
/// stored.
package struct ImportPlacesRequest: RequestType, Encodable, Equatable {
  package static let method = "places/import"
  package static let ordering = RequestOrdering.exclusive

  /// The file to read, as an absolute path (or relative to the server's working directory); `-` is the standard
  /// input, for `beacon import -` only.
  package var path: String

  package init(path: String) { self.path = path }

  /// What was imported.
  package struct Response: Codable, Sendable, Equatable {
    /// The file, as given.
    package var file: String
    /// The format the content was recognised as: `geojson`, `geojsonseq` or `overpass`.
    package var format: String
    /// How many places the file has (stored: added, updated or unchanged).
    package var total: Int
    /// Stored places per category.
    package var imported: Counts
    /// How many of them had no OSM id in the file and got one derived from their content (a re-import cannot
    /// update those: export with `osmium export -a type,id`).
    package var derivedIds: Int
    /// Features left out, by reason (`nameless`, `otherKind`, `duplicate`, `unsupportedGeometry`, `noCenter`,
    /// `missingNodes`).
    package var skipped: [String: Int]
    /// Places the store did not have.
    package var added: Int
    /// Places the store had with other data (name, position, tags…), now updated.
    package var updated: Int
    /// Places the store had just so.
    package var unchanged: Int
    /// Places an earlier import from OpenStreetMap stored in this file's area (the bounding box of its places, for
    /// the categories it has) that the file no longer has: removed.
    package var removed: Int
    /// Such places kept all the same, because the user rated them or marked them as favourites.
    package var kept: Int

    /// The answer for an import of `file` that did `report`.
    package init(file: String, report: ImportReport) {
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
    package struct Counts: Codable, Sendable, Equatable {
      package var restaurant: Int
      package var cafe: Int
      package var hotel: Int
    }
  }
}
