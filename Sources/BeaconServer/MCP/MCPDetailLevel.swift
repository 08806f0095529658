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
  /// The facts searches filter on (diet, cuisine, access, seating, takeaway) are kept too.
  static let briefFields: Set<String> = [
    "id", "name", "category", "distanceMeters", "rating", "openNow", "address", "diet", "cuisine", "wheelchair",
    "outdoorSeating", "takeaway",
  ]

  /// The argument's input schema.
  static let schema: JSONValue = [
    "enum": ["brief", "full"],
    "default": "brief",
    "description": "`full` adds location, isFavorite, source, closesAt, opensAt.",
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
