import BeaconJSON

extension ImportFacts {
  /// These facts as the SQLite store reads them back from `place_fact` (``Store/facts(from:at:)``), so another store
  /// that keeps them (the PostgreSQL store's fact columns) judges a place exactly as the SQLite store does; `nil`
  /// when they are ``unsure`` (left to the SQL on SQLite).
  package var placeFacts: PlaceFacts? {
    switch self {
    case .none: return PlaceFacts()
    case .unsure: return nil
    case .row(let row):
      var facts = PlaceFacts()
      for candidate in Diet.allCases {
        if row.dietKnown & candidate.bit != 0 { facts.knownDiets.insert(candidate) }
        if row.diet & candidate.bit != 0 { facts.diet.append(candidate) }
      }
      facts.cuisine = PlaceFacts.cuisineList(row.cuisine)
      facts.wheelchair = row.wheelchair.flatMap(Wheelchair.init(rawValue:))
      facts.outdoorSeating = row.outdoorSeating.map { $0 != 0 }
      facts.takeaway = row.takeaway.map { $0 != 0 }
      return facts
    }
  }

  /// The facts of a stored place with details JSON text `detailsJSON` and cuisine column `cuisine` as the SQLite
  /// store's `place_fact` holds them (migration 11's rules); where that SQL would read a value differently from
  /// Swift (a control character, a number), the facts ``Place/resolvedFacts`` reads.
  package static func storedFacts(detailsJSON: String?, cuisine: String?) -> PlaceFacts {
    let feature = detailsJSON.flatMap { try? JSONParser.parse(Array($0.utf8)) }
    let properties = feature?["properties"]
    let raw = properties?["datasource"]?["raw"]?.objectValue ?? [:]
    let categories = (properties?["categories"]?.arrayValue ?? []).compactMap(\.stringValue)
    if let facts = ImportFacts(raw: raw, categories: categories, cuisine: cuisine).placeFacts { return facts }
    var facts = PlaceFacts(feature: feature)
    if facts.cuisine == nil { facts.cuisine = PlaceFacts.cuisineList(cuisine) }
    return facts
  }

  /// ``storedFacts(detailsJSON:cuisine:)`` of `place`'s details and cuisine.
  package static func storedFacts(of place: Place) -> PlaceFacts {
    storedFacts(detailsJSON: place.detailsJSON, cuisine: place.cuisine)
  }
}
