import Foundation

/// What `beacon store copy` did with the imported area (the mean position of the latest import, the default centre
/// of searches without one). The rule, the same for every pair of stores: the area of the **later import** wins, as
/// if both imports had been made in the target in the order they were made — so a file with an older import copied
/// into the team's server does not move the team's centre back, and a newer one moves it as importing it there
/// would. The source's area replaces the target's only when its import is strictly later; a target without an area
/// gets the source's; a source without one changes nothing. Running the copy again changes nothing.
package enum ImportedAreaCopy: Sendable, Equatable {
  /// The source has no imported area; the target's, if any, stays.
  case noneInSource
  /// The target had none; it now has the source's.
  case added
  /// The target's came from an earlier import; the source's replaced it.
  case replaced
  /// The target already had the same area.
  case unchanged
  /// The target's came from an import as late as the source's or later; it stays.
  case keptTarget

  /// The imported area as stored: the mean position, how many places the import brought and when it was made.
  package struct Row: Sendable, Equatable {
    package var latitude: Double
    package var longitude: Double
    package var places: Int
    /// Seconds since 1970.
    package var importedAt: Double

    /// An area row with these columns.
    package init(latitude: Double, longitude: Double, places: Int, importedAt: Double) {
      self.latitude = latitude
      self.longitude = longitude
      self.places = places
      self.importedAt = importedAt
    }

    /// The area in `row`, whose columns are latitude, longitude, places and imported_at; `nil` when one is missing.
    package init?(stored row: some StoredColumns) {
      guard let latitude = row.double(0), let longitude = row.double(1), let importedAt = row.double(3) else {
        return nil
      }
      self.init(latitude: latitude, longitude: longitude, places: row.int(2) ?? 0, importedAt: importedAt)
    }
  }

  /// The columns ``Row/init(stored:)`` reads, in its order.
  package static let columns = "latitude, longitude, places, imported_at"

  /// What copying `source`'s area into a target that has `target` does (see the type's rule).
  package static func outcome(source: Row?, target: Row?) -> ImportedAreaCopy {
    guard let source else { return .noneInSource }
    guard let target else { return .added }
    if source == target { return .unchanged }
    return source.importedAt > target.importedAt ? .replaced : .keptTarget
  }

  /// Whether the target's area is to be written (the source's added or replacing the target's).
  package var writes: Bool { self == .added || self == .replaced }
}
