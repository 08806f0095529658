import Foundation

/// A store an OpenStreetMap export can be imported into: SQLite's ``Store`` and the PostgreSQL store, so
/// `places/import` (and `beacon import`) work the same on either.
package protocol PlaceImporting: Actor {
  /// Reads `input` (any format ``OSMImporter`` reads) into the store in one transaction: bad input or a failure
  /// leaves the store as it was.
  ///
  /// - Parameters:
  ///   - source: The `source` the places get; a re-import removes the places of that source it no longer has.
  ///   - maxBytes: The largest object (a feature, an element, a GeoJSONSeq record).
  ///   - progress: Called with the number of bytes read so far, after each batch of places stored (256 places or
  ///     1 MiB of input apart).
  func importPlaces(
    from input: sending ImportInput,
    source: String,
    maxBytes: Int,
    at date: Date,
    progress: @Sendable (Int) -> Void
  ) throws(BeaconError) -> ImportReport
}

extension Store: PlaceImporting {}
