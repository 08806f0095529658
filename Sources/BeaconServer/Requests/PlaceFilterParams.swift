import BeaconCore
import JSONRPC

/// The place filters `places/search`, `favorites/list` and `places/searchAlongRoute` take, declared once. On the
/// wire they stand flat beside the method's own params (``FilteredRequest``).
package struct PlaceFilterParams: Codable, Sendable, Equatable {
  /// Any of these diets (`vegan`, `vegetarian`, `gluten_free`, `halal`, `kosher`), said yes or only to.
  package var diet: [String]?
  /// Any of these OSM cuisine values.
  package var cuisine: [String]?
  /// `yes`, or `limited` (which also accepts `yes`).
  package var wheelchair: String?
  package var outdoorSeating: Bool?
  package var takeaway: Bool?
  /// Open at this local date-time (ISO 8601, no zone) in each place's own time zone.
  package var openAt: String?
  /// Stays open this many minutes (from `openAt`, else from now).
  package var openFor: Int?
  /// The user's own average rating at least this (1–5).
  package var minRating: Double?

  /// The filters among a params object's `members` when each is absent, `null` or of its plain JSON type; `nil`
  /// for anything else (decoded through `init(from:)`, which converts or names the fault).
  static func decodedDirectly(members: [String: JSONValue]) -> PlaceFilterParams? {
    var filter = PlaceFilterParams()
    // One pass over the members (most requests have one or two): names not listed are the method's own or unknown.
    for (name, value) in members {
      switch name {
      case "diet": guard let diet = JSONPlainMember.strings(value) else { return nil }; filter.diet = diet
      case "cuisine": guard let cuisine = JSONPlainMember.strings(value) else { return nil }; filter.cuisine = cuisine
      case "wheelchair":
        guard let wheelchair = JSONPlainMember.string(value) else { return nil }
        filter.wheelchair = wheelchair
      case "outdoorSeating":
        guard let outdoorSeating = JSONPlainMember.bool(value) else { return nil }
        filter.outdoorSeating = outdoorSeating
      case "takeaway": guard let takeaway = JSONPlainMember.bool(value) else { return nil }; filter.takeaway = takeaway
      case "openAt": guard let openAt = JSONPlainMember.string(value) else { return nil }; filter.openAt = openAt
      case "openFor": guard let openFor = JSONPlainMember.int(value) else { return nil }; filter.openFor = openFor
      case "minRating":
        guard let minRating = JSONPlainMember.double(value) else { return nil }
        filter.minRating = minRating
      default: continue
      }
    }
    return filter
  }
}

/// The params of a method that takes the place filters beside them: its own params, its name, its result and how it
/// is ordered. Its request is ``FilteredRequest``.
package protocol FilteredParams: Codable, Equatable, Sendable {
  /// The type of the `result`.
  associatedtype Response: Encodable & Sendable
  /// The method name, e.g. `places/search`.
  static var method: String { get }
  /// The ordering of one request, decided from its raw params (default: concurrent).
  static func ordering(for params: JSONValue?) -> RequestOrdering
  /// The params among a params object's `members` when each is absent, `null` or of its plain JSON type; `nil`
  /// (the default) to decode them through `init(from:)` (see ``FilteredRequest/init(from:)``).
  static func decodedDirectly(members: [String: JSONValue]) -> Self?
}

extension FilteredParams {
  package static func ordering(for params: JSONValue?) -> RequestOrdering { .concurrent }
  package static func decodedDirectly(members: [String: JSONValue]) -> Self? { nil }
}

/// A request of a method that takes the place filters: its own `params` and the `filter`, flat side by side in one
/// params object on the wire. Its own params read as its members (`request.center`).
@dynamicMemberLookup
package struct FilteredRequest<Params: FilteredParams>: RequestType, Encodable, Equatable {
  package typealias Response = Params.Response
  package static var method: String { Params.method }
  package static func ordering(for params: JSONValue?) -> RequestOrdering { Params.ordering(for: params) }

  /// The method's own params.
  package var params: Params
  /// The filters as given.
  package var filter: PlaceFilterParams

  package init(_ params: Params, filter: PlaceFilterParams = PlaceFilterParams()) {
    self.params = params
    self.filter = filter
  }

  /// Plain params from ``JSONValueDecoder`` are read by hand (``decodedDirectly(from:)``); all else, faults
  /// included, through the containers (``init(containersOf:)``).
  package init(from decoder: any Decoder) throws {
    if let value = JSONValueDecoder.value(of: decoder), let read = Self.decodedDirectly(from: value) {
      self = read
      return
    }
    try self.init(containersOf: decoder)
  }

  /// The request read through `decoder`'s containers, as `Decodable` reads it.
  package init(containersOf decoder: any Decoder) throws {
    params = try Params(from: decoder)
    filter = try PlaceFilterParams(from: decoder)
  }

  package func encode(to encoder: any Encoder) throws {
    try params.encode(to: encoder)
    try filter.encode(to: encoder)
  }

  /// The request read straight from a params object whose members are all plain (see ``JSONPlainMember``); `nil`
  /// when the method's params have no such reader or a member needs the containers.
  package static func decodedDirectly(from value: JSONValue) -> FilteredRequest? {
    guard case .object(let members) = value, let params = Params.decodedDirectly(members: members),
      let filter = PlaceFilterParams.decodedDirectly(members: members)
    else { return nil }
    return FilteredRequest(params, filter: filter)
  }

  package subscript<Value>(dynamicMember keyPath: WritableKeyPath<Params, Value>) -> Value {
    get { params[keyPath: keyPath] }
    set { params[keyPath: keyPath] = newValue }
  }

  /// The filters, checked.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming the parameter and its valid values.
  package func filters() throws(BeaconError) -> PlaceFilters {
    try PlaceFilters.parse(
      diet: filter.diet,
      cuisine: filter.cuisine,
      wheelchair: filter.wheelchair,
      outdoorSeating: filter.outdoorSeating,
      takeaway: filter.takeaway,
      openAt: filter.openAt,
      openFor: filter.openFor,
      minRating: filter.minRating
    )
  }
}
