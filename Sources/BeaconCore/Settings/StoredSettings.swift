import Foundation

/// Settings as a store keeps them: one JSON text per key (`center`, `radiusMeters`, `category`, `sort`, `locale`).
///
/// Shared by stores that keep settings as key/value rows (the PostgreSQL store, per user).
package enum StoredSettings {
  /// The settings `stored` holds, with defaults for anything missing or unreadable.
  package static func settings(from stored: [String: String]) -> Settings {
    func decode<T: Decodable>(_ key: String, as type: T.Type) -> T? {
      stored[key].flatMap { try? JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }
    var settings = Settings.defaults
    if let center = decode("center", as: Coordinate.self), center.isValid { settings.center = center }
    if let radius = decode("radiusMeters", as: Int.self), Settings.radiusRange.contains(radius) {
      settings.radiusMeters = radius
    }
    if let category = decode("category", as: PlaceCategory.self) { settings.category = category }
    if let sort = decode("sort", as: PlaceSort.self) { settings.sort = sort }
    if let locale = decode("locale", as: Language.self) { settings.locale = locale }
    return settings
  }

  /// The rows `update` writes: each given field's key and JSON text.
  package static func rows(of update: SettingsUpdate) -> [(key: String, value: String)] {
    var values: [(String, any Encodable)] = []
    if let center = update.center { values.append(("center", center)) }
    if let radius = update.radiusMeters { values.append(("radiusMeters", radius)) }
    if let category = update.category { values.append(("category", category)) }
    if let sort = update.sort { values.append(("sort", sort)) }
    if let locale = update.locale { values.append(("locale", locale)) }
    return values.compactMap { key, value in
      (try? JSONEncoder().encode(value)).map { (key, String(decoding: $0, as: UTF8.self)) }
    }
  }
}
