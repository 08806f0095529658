import BeaconCore
import JSONRPC

/// Returns the stored settings: `{center, radiusMeters, category, sort, locale}`.
public struct GetSettingsRequest: RequestType, Encodable, Equatable {
  public static let method = "settings/get"
  public typealias Response = Settings

  public init() {}
}

/// Validates and stores a partial change of the settings, and returns the new settings.
public struct UpdateSettingsRequest: RequestType, Encodable, Equatable {
  public static let method = "settings/update"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = Settings

  public var center: Coordinate?
  /// 1 000…10 000.
  public var radiusMeters: Int?
  public var category: PlaceCategory?
  public var sort: PlaceSort?
  public var locale: Language?

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
}

/// Restores the default settings (the seed's clear button) and returns them.
public struct ResetSettingsRequest: RequestType, Encodable, Equatable {
  public static let method = "settings/reset"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = Settings

  public init() {}
}
