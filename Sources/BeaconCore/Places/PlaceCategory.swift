/// The kinds of place Beacon finds (a client's segmented picker).
package enum PlaceCategory: String, Sendable, Codable, CaseIterable {
  case restaurant
  case cafe
  case hotel

  /// The Geoapify category key.
  package var geoapifyKey: String {
    switch self {
    case .restaurant: "catering.restaurant"
    case .cafe: "catering.cafe"
    case .hotel: "accommodation.hotel"
    }
  }

  /// Reads a category from its wire name or its Geoapify key (or a child key such as `catering.cafe.coffee`).
  package init?(name: String) {
    if let category = PlaceCategory(rawValue: name) {
      self = category
      return
    }
    guard
      let category = PlaceCategory.allCases.first(where: {
        name == $0.geoapifyKey || name.hasPrefix($0.geoapifyKey + ".")
      })
    else { return nil }
    self = category
  }
}
