/// What Beacon remembers between sessions (the preferences a client shows in its settings).
public struct Settings: Sendable, Equatable, Codable {
  /// The map centre searches start from.
  public var center: Coordinate
  /// The search radius in metres, 1 000…10 000.
  public var radiusMeters: Int
  /// The selected category.
  public var category: PlaceCategory
  /// The selected sort order.
  public var sort: PlaceSort
  /// The language for messages.
  public var locale: Language

  /// Creates settings.
  public init(center: Coordinate, radiusMeters: Int, category: PlaceCategory, sort: PlaceSort, locale: Language) {
    self.center = center
    self.radiusMeters = radiusMeters
    self.category = category
    self.sort = sort
    self.locale = locale
  }

  /// The allowed search radii.
  public static let radiusRange = 1_000...10_000

  /// The defaults: Oslo S, 5 km, restaurants, by distance, Bokmål.
  public static let defaults = Settings(
    center: .osloCentralStation,
    radiusMeters: 5_000,
    category: .restaurant,
    sort: .distance,
    locale: .defaultLanguage
  )
}

/// A partial change to ``Settings``; fields left `nil` stay as they are.
public struct SettingsUpdate: Sendable, Equatable, Codable {
  public var center: Coordinate?
  public var radiusMeters: Int?
  public var category: PlaceCategory?
  public var sort: PlaceSort?
  public var locale: Language?

  /// Creates an update.
  public init(
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
  public func validate() throws(BeaconError) {
    if let center, !center.isValid {
      throw .invalidArgument(field: "center", message: .invalidCoordinate)
    }
    if let radiusMeters, !Settings.radiusRange.contains(radiusMeters) {
      throw .invalidArgument(field: "radiusMeters", message: .radiusOutOfRange(radiusMeters))
    }
  }
}
