import BeaconJSON

/// A diet a place may cater for, as OpenStreetMap tags it (`diet:vegan=yes`) and Geoapify names its condition.
package enum Diet: String, Sendable, Codable, CaseIterable, Comparable {
  case vegan, vegetarian
  case glutenFree = "gluten_free"
  case halal, kosher

  /// The bit of the diet in the store's `place_fact.diet` masks (migration 11).
  package var bit: Int {
    switch self {
    case .vegan: 1
    case .vegetarian: 2
    case .glutenFree: 4
    case .halal: 8
    case .kosher: 16
    }
  }

  /// Orders diets as ``allCases`` lists them.
  package static func < (lhs: Diet, rhs: Diet) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// Step-free access as OpenStreetMap's `wheelchair` tag says it (`designated` counts as `yes`).
package enum Wheelchair: String, Sendable, Codable, CaseIterable {
  case yes, limited, no
}

/// What a place's data says about the things people filter on; `nil` (or an empty ``knownDiets``) is unknown.
///
/// Read from OpenStreetMap's tags (`datasource.raw`), then from Geoapify's conditions in `categories`
/// (`vegan`, `vegan.only`, `wheelchair.yes`…). The store keeps the same facts in `place_fact`, computed from the
/// stored details by SQL with the same rules (migration 11; a test checks both agree on the demo data).
package struct PlaceFacts: Sendable, Equatable, Codable {
  /// The diets the data says yes or only to, in ``Diet/allCases`` order.
  package var diet: [Diet]
  /// Every diet the data names at all (yes, only, no, limited…).
  package var knownDiets: Set<Diet>
  /// OSM's `cuisine` values, lowercased (`italian;pizza` → `["italian", "pizza"]`).
  package var cuisine: [String]?
  package var wheelchair: Wheelchair?
  package var outdoorSeating: Bool?
  package var takeaway: Bool?

  /// Creates facts.
  package init(
    diet: [Diet] = [],
    knownDiets: Set<Diet> = [],
    cuisine: [String]? = nil,
    wheelchair: Wheelchair? = nil,
    outdoorSeating: Bool? = nil,
    takeaway: Bool? = nil
  ) {
    self.diet = diet
    self.knownDiets = knownDiets
    self.cuisine = cuisine
    self.wheelchair = wheelchair
    self.outdoorSeating = outdoorSeating
    self.takeaway = takeaway
  }

  /// Whether nothing at all is known.
  package var isEmpty: Bool {
    knownDiets.isEmpty && cuisine == nil && wheelchair == nil && outdoorSeating == nil && takeaway == nil
  }

  /// The facts of a Geoapify-shaped feature (`properties.datasource.raw` and `properties.categories`).
  package init(feature: JSONValue?) {
    let properties = feature?["properties"]
    let categories = (properties?["categories"]?.arrayValue ?? []).compactMap(\.stringValue)
    self.init(tags: properties?["datasource"]?["raw"], conditions: categories)
    if cuisine == nil { cuisine = Self.cuisineList(properties?["catering"]?["cuisine"]?.stringValue) }
  }

  /// The facts of a place's stored details JSON text.
  package init(detailsJSON: String?) {
    self.init(feature: detailsJSON.flatMap { try? JSONParser.parse(Array($0.utf8)) })
  }

  /// The facts OSM tags give, completed by Geoapify conditions (`vegan.only`, `wheelchair.limited`).
  package init(tags: JSONValue?, conditions: [String] = []) {
    self.init()
    func tag(_ key: String) -> String? {
      guard let value = tags?[key] else { return nil }
      let text = value.stringValue ?? value.intValue.map(String.init)
      return text?.trimmingCharacters(in: .whitespaces).lowercased()
    }
    for diet in Diet.allCases {
      if let value = tag("diet:" + diet.rawValue) {
        knownDiets.insert(diet)
        if value == "yes" || value == "only" { self.diet.append(diet) }
      } else if conditions.contains(diet.rawValue) || conditions.contains(diet.rawValue + ".only") {
        knownDiets.insert(diet)
        self.diet.append(diet)
      }
    }
    cuisine = Self.cuisineList(tag("cuisine"))
    switch tag("wheelchair") {
    case "yes", "designated": wheelchair = .yes
    case "limited": wheelchair = .limited
    case "no": wheelchair = .no
    default:
      if conditions.contains("wheelchair.yes") {
        wheelchair = .yes
      } else if conditions.contains("wheelchair.limited") {
        wheelchair = .limited
      }
    }
    outdoorSeating = Self.yesNo(tag("outdoor_seating"))
    takeaway = Self.yesNo(tag("takeaway"))
  }

  /// `yes` and `only` are true, `no` false, anything else unknown.
  static func yesNo(_ value: String?) -> Bool? {
    switch value {
    case "yes", "only": true
    case "no": false
    default: nil
    }
  }

  /// OSM's `;` list, trimmed, lowercased, without empty entries; `nil` when nothing is left.
  static func cuisineList(_ text: String?) -> [String]? {
    // Most places have none: no lowercased copy, no split.
    guard let text, !text.isEmpty else { return nil }
    let values = text.lowercased().split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    return values.isEmpty ? nil : values
  }
}
