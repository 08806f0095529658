import BeaconCore
import JSONRPC

/// Returns the stored settings: `{center, radiusMeters, category, sort, locale}`.
public struct GetSettingsRequest: RequestType, Encodable, Equatable {
  public static let method = "settings/get"
  public typealias Response = Settings

  public init() {}
}

/// Validates and stores a partial change of the settings, and returns the new settings.
///
/// The params are a ``SettingsUpdate``: any of `center`, `radiusMeters` (1 000…10 000), `category`,
/// `sort` and `locale`.
public struct UpdateSettingsRequest: RequestType, Encodable, Equatable {
  public static let method = "settings/update"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = Settings

  /// The fields to change.
  public var update: SettingsUpdate

  public init(_ update: SettingsUpdate) { self.update = update }

  public init(from decoder: any Decoder) throws { update = try SettingsUpdate(from: decoder) }

  public func encode(to encoder: any Encoder) throws { try update.encode(to: encoder) }
}

/// Restores the default settings (a client's clear button) and returns them.
public struct ResetSettingsRequest: RequestType, Encodable, Equatable {
  public static let method = "settings/reset"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = Settings

  public init() {}
}
