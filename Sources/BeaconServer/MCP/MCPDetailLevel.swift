import JSONRPC

/// How much of each place a list tool returns (`detail`, an argument of the MCP tools only): `brief`, the
/// default, keeps what a model needs to choose and answer; `full` is the JSON-RPC method's place summary.
enum MCPDetailLevel: String, CaseIterable, Sendable {
  case brief
  case full

  /// The argument's name.
  static let argument = "detail"

  /// The fields of a place in a brief list: what to call it, what it is, how far, how good, whether it is
  /// open now, and where.
  /// The facts searches filter on (diet, cuisine, access, seating, takeaway) are not: the filters already say
  /// them of every place found, and `full` (or places_details) gives them.
  /// Along a route, where each place lies on it comes too.
  static let briefFields: Set<String> = [
    "id", "name", "category", "distanceMeters", "rating", "openNow", "address", "alongRouteMeters", "detourMeters",
  ]

  /// The place summary's members only a search along a route has; no output schema lists them (the route tool's
  /// description names them), so the default tool list costs no bytes for them.
  static let routeOnlyFields: Set<String> = ["alongRouteMeters", "detourMeters"]

  /// The place summary's facts that only `full` returns and no output schema lists (so that the brief list, the
  /// default, costs no bytes for them).
  static let fullOnlyFacts: Set<String> = ["diet", "cuisine", "wheelchair", "outdoorSeating", "takeaway"]

  /// The argument's input schema.
  static let schema: JSONValue = [
    "enum": ["brief", "full"],
    "default": "brief",
    "description": "`full` adds location, isFavorite, source, closesAt, opensAt, facts (diet…).",
  ]

  /// `result` with every place of its `places` cut to ``briefFields``.
  static func brief(_ result: JSONValue) -> JSONValue {
    guard case .object(var members) = result, let places = members["places"]?.arrayValue else { return result }
    members["places"] = .array(
      places.map { place in
        guard case .object(let fields) = place else { return place }
        return .object(fields.filter { briefFields.contains($0.key) })
      }
    )
    return .object(members)
  }
}
