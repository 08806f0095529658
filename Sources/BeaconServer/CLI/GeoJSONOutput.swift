import BeaconCore
import JSONRPC

/// Places as an RFC 7946 FeatureCollection, for maps and GIS tools.
enum GeoJSONOutput {
  /// One `Feature` per place of a `places/search` or `favorites/list` result (its `places` array), each a
  /// `Point` at `[lon, lat]` with `id`, `name`, `category`, `address`, `distanceMeters`, `rating` (the summary
  /// or `null`) and `isFavorite` as properties.
  static func featureCollection(places: [JSONValue]) -> JSONValue {
    let features = places.map { place -> JSONValue in
      let location = place["location"]
      let coordinates: JSONValue = [location?["lon"] ?? .null, location?["lat"] ?? .null]
      var feature: [String: JSONValue] = [
        "type": "Feature",
        "geometry": ["type": "Point", "coordinates": coordinates],
        "properties": [
          "id": place["id"] ?? .null,
          "name": place["name"] ?? .null,
          "category": place["category"] ?? .null,
          "address": place["address"] ?? .null,
          "distanceMeters": place["distanceMeters"] ?? .null,
          "rating": place["rating"] ?? .null,
          "isFavorite": place["isFavorite"] ?? false,
        ],
      ]
      if let id = place["id"], id.stringValue != nil { feature["id"] = id }
      return .object(feature)
    }
    return ["type": "FeatureCollection", "features": .array(features)]
  }
}
