/// What Beacon remembers between sessions (the preferences a client shows in its settings).
package struct Settings: Sendable, Equatable, Codable {
  /// The map centre searches start from.
  package var center: Coordinate
  /// The search radius in metres, 1 000…10 000.
  package var radiusMeters: Int
  /// The selected category.
  package var category: PlaceCategory
  /// The selected sort order.
  package var sort: PlaceSort
  /// The language for messages.
  package var locale: Language

  /// Creates settings.
  package init(center: Coordinate, radiusMeters: Int, category: PlaceCategory, sort: PlaceSort, locale: Language) {
    self.center = center
    self.radiusMeters = radiusMeters
    self.category = category
    self.sort = sort
    self.locale = locale
  }

  /// The allowed search radii.
  package static let radiusRange = 1_000...10_000

  /// The defaults: Oslo S, 5 km, restaurants, by distance, Bokmål.
  package static let defaults = Settings(
    center: .osloCentralStation,
    radiusMeters: 5_000,
    category: .restaurant,
    sort: .distance,
    locale: .defaultLanguage
  )
}

/// A partial change to ``Settings``; fields left `nil` stay as they are.
package struct SettingsUpdate: Sendable, Equatable, Codable {
  package var center: Coordinate?
  package var radiusMeters: Int?
  package var category: PlaceCategory?
  package var sort: PlaceSort?
  package var locale: Language?

  /// Creates an update.
  package init(
    center: Coordinate? = nil,
    radiusMeters: Int? = nil,
    category: PlaceCategory? = nil,
    sort: PlaceSort? = nil,
    locale: Language? = nil
  ) {
    self.center = center
    self.radiusMeters = radiusMeters
    self.category = category
    self.sort = sort
    self.locale = locale
  }

  /// Checks every given field.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming the first bad field.
  package func validate() throws(BeaconError) {
    if let center, !center.isValid {
      throw .invalidArgument(field: "center", message: .invalidCoordinate)
    }
    if let radiusMeters, !Settings.radiusRange.contains(radiusMeters) {
      throw .invalidArgument(field: "radiusMeters", message: .radiusOutOfRange(radiusMeters))
    }
  }
}
