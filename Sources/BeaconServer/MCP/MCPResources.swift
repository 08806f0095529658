import BeaconCore
import Foundation
import JSONRPC

/// Beacon's MCP resources: the user's favourites, settings and any place by id, each read through the same
/// JSON-RPC handler as the tool (and `beacon serve`) that shows it.
enum MCPResources {
  /// The URI of the favourites list.
  static let favorites = "beacon://favorites"
  /// The URI of the settings.
  static let settings = "beacon://settings"
  /// The template of a place's URI.
  static let placeTemplate = "beacon://places/{id}"
  /// What a place's URI starts with.
  static let placePrefix = "beacon://places/"
  /// The type of every resource's content.
  static let mimeType = "application/json"

  /// The concrete resources (`resources/list`), titled in `language`.
  static func list(in language: Language) -> [JSONValue] {
    [
      [
        "uri": .string(favorites), "name": "favorites", "mimeType": .string(mimeType),
        "title": .string(language.choose(("Mine steder", "Mine stader", "My places"))),
        "description": "The user's favourite places, nearest first, in full (as favorites_list with detail full).",
      ],
      [
        "uri": .string(settings), "name": "settings", "mimeType": .string(mimeType),
        "title": .string(language.choose(("Innstillinger", "Innstillingar", "Settings"))),
        "description": "The user's stored settings: centre, radius, category, sort and language.",
      ],
    ]
  }

  /// The resource templates (`resources/templates/list`), titled in `language`.
  static func templates(in language: Language) -> [JSONValue] {
    [
      [
        "uriTemplate": .string(placeTemplate), "name": "place", "mimeType": .string(mimeType),
        "title": .string(language.choose(("Et sted", "Ein stad", "A place"))),
        "description": "One place by the `id` places_search gives: as places_details returns it.",
      ]
    ]
  }

  /// The JSON-RPC method and params that read `uri`, or `nil` when `uri` is none of Beacon's resources.
  static func reader(of uri: String) -> (method: String, params: JSONValue)? {
    switch uri {
    case favorites: return (ListFavoritesRequest.method, [:])
    case settings: return (GetSettingsRequest.method, [:])
    default:
      guard uri.hasPrefix(placePrefix) else { return nil }
      let encoded = String(uri.dropFirst(placePrefix.count))
      guard !encoded.contains("/"), let id = encoded.removingPercentEncoding, !id.isEmpty else { return nil }
      return (PlaceDetailsRequest.method, ["id": .string(id)])
    }
  }

  /// `uri` as Beacon writes it: a place's id percent-encoded one way (`beacon://places/osm%3Anode%2F1` and
  /// `beacon://places/osm:node%2F1` are one resource); any other URI as it is.
  static func canonical(_ uri: String) -> String {
    guard uri.hasPrefix(placePrefix), let (_, params) = reader(of: uri), let id = params["id"]?.stringValue else {
      return uri
    }
    return place(id)
  }

  /// The URI of the place with `id`.
  static func place(_ id: String) -> String {
    placePrefix + (id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id)
  }

  /// The resources a successful call of `tool` with `arguments` may have changed.
  static func changed(byTool tool: String, arguments: JSONValue) -> Set<String> {
    let place = arguments["placeId"]?.stringValue.map(Self.place)
    switch tool {
    case "favorites_add", "favorites_remove", "rating_add":
      // A place's details carry its favourite status and rating; the list carries both too.
      return Set([favorites] + (place.map { [$0] } ?? []))
    case "settings_update", "settings_reset":
      // The favourites are sorted by distance from the stored centre.
      return [settings, favorites]
    default:
      return []
    }
  }
}
