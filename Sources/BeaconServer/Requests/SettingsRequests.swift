import BeaconCore
import JSONRPC

/// Returns the stored settings: `{center, radiusMeters, category, sort, locale}`.
package struct GetSettingsRequest: RequestType, Encodable, Equatable {
  package static let method = "settings/get"
  package typealias Response = Settings

  package init() {}
}

/// Validates and stores a partial change of the settings, and returns the new settings.
///
/// The params are a ``SettingsUpdate``: any of `center`, `radiusMeters` (1 000…10 000), `category`,
/// `sort` and `locale`.
package struct UpdateSettingsRequest: RequestType, Encodable, Equatable {
  package static let method = "settings/update"
  package static let ordering = RequestOrdering.exclusive
  package typealias Response = Settings

  /// The fields to change.
  package var update: SettingsUpdate

  package init(_ update: SettingsUpdate) { self.update = update }

  package init(from decoder: any Decoder) throws { update = try SettingsUpdate(from: decoder) }

  package func encode(to encoder: any Encoder) throws { try update.encode(to: encoder) }
}

/// Restores the default settings (a client's clear button) and returns them.
package struct ResetSettingsRequest: RequestType, Encodable, Equatable {
  package static let method = "settings/reset"
  package static let ordering = RequestOrdering.exclusive
  package typealias Response = Settings

  package init() {}
}
