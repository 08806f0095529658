import BeaconCore
import JSONRPC

/// The groups of a place's details that `places_details` returns when asked for some (`fields`, an argument of
/// the MCP tool only); without it, all of them. The id, name and category always come.
enum MCPPlaceFields: String, CaseIterable, Sendable {
  case location
  case hours
  case contact
  case facilities
  case rating

  /// The argument's name.
  static let argument = "fields"

  /// The place's fields every answer keeps.
  static let alwaysKept: Set<String> = ["id", "name", "category"]

  /// The argument's input schema.
  static let schema: JSONValue = [
    "type": "array", "items": ["enum": .array(allCases.map { .string($0.rawValue) })],
  ]

  /// The members of the method's `place` in this group.
  var members: Set<String> {
    switch self {
    case .location: ["address", "location", "links"]
    case .hours: ["openingHours", "timeZone"]
    case .contact: ["phone", "website", "email"]
    case .facilities: ["cuisine", "categories", "tags", "diet", "wheelchair", "outdoorSeating", "takeaway"]
    case .rating: ["rating", "isFavorite"]
    }
  }

  /// The labels of the text lines of this group.
  var labels: [HumanText] {
    switch self {
    case .location: [.labelAddress, .labelCoordinates, .labelAppleMaps, .labelGeo, .labelOpenStreetMap]
    case .hours: [.labelOpeningHours, .labelOpenNow]
    case .contact: [.labelPhone, .labelWebsite, .labelEmail]
    case .facilities: [.labelCuisine, .labelStars, .labelFacts]
    case .rating: [.labelRating, .labelFavorite]
    }
  }

  /// The groups `value` names, or `nil` when it is not an array of group names.
  static func groups(from value: JSONValue) -> Set<MCPPlaceFields>? {
    guard let items = value.arrayValue else { return nil }
    var groups: Set<MCPPlaceFields> = []
    for item in items {
      guard let group = item.stringValue.flatMap(MCPPlaceFields.init(rawValue:)) else { return nil }
      groups.insert(group)
    }
    return groups
  }

  /// `result` with its `place` cut to the members of `groups` and ``alwaysKept``.
  static func cut(_ result: JSONValue, to groups: Set<MCPPlaceFields>) -> JSONValue {
    guard case .object(var members) = result, case .object(let place) = members["place"] else { return result }
    let kept = groups.reduce(alwaysKept) { $0.union($1.members) }
    members["place"] = .object(place.filter { kept.contains($0.key) })
    return .object(members)
  }

  /// Whether a text line with `label` belongs to `groups` (the name, category and id lines always do).
  static func keeps(_ label: HumanText, groups: Set<MCPPlaceFields>) -> Bool {
    let grouped = allCases.flatMap(\.labels)
    return !grouped.contains(label) || groups.contains { $0.labels.contains(label) }
  }
}
