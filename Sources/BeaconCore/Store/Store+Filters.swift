import Foundation

/// Places that passed a list's filters, and how many were left out only because their data says nothing.
package struct FilteredPlaces: Sendable, Equatable {
  package var places: [PlaceSummary]
  /// Per filter, the places left out for lack of data (each such place counts under every filter its data says
  /// nothing about); `nil` without filters.
  package var excludedUnknown: [String: Int]?

  /// Creates a result.
  package init(places: [PlaceSummary], excludedUnknown: [String: Int]?) {
    self.places = places
    self.excludedUnknown = excludedUnknown
  }
}

extension Store {
  /// The fact columns a filtered query adds after ``placeColumns`` (indexes 12…17).
  static let factColumns =
    "place_fact.diet, place_fact.diet_known, place_fact.cuisine, place_fact.wheelchair, "
    + "place_fact.outdoor_seating, place_fact.takeaway"

  /// The join that brings each place's facts (one primary-key lookup per place the other conditions keep).
  static let factJoin = " LEFT JOIN place_fact ON place_fact.place_rowid = place.rowid"

  /// SQL conditions keeping the places `filters` may accept: those whose facts pass, and those whose data says
  /// nothing (counted later, never shown). Opening times are read in Swift, after.
  static func factConditions(_ filters: PlaceFilters) -> (sql: String, values: [any DatabaseValueConvertible]) {
    var sql = ""
    var values: [any DatabaseValueConvertible] = []
    if !filters.diet.isEmpty {
      let mask = filters.diet.reduce(0) { $0 | $1.bit }
      sql += " AND ((coalesce(place_fact.diet, 0) & ?) <> 0 OR (coalesce(place_fact.diet_known, 0) & ?) = 0)"
      values += [mask, mask]
    }
    if !filters.cuisine.isEmpty {
      let each = Array(repeating: "instr(place_fact.cuisine, ?) > 0", count: filters.cuisine.count)
      sql += " AND (place_fact.cuisine IS NULL OR " + each.joined(separator: " OR ") + ")"
      values += filters.cuisine.sorted().map { ";\($0);" }
    }
    if let wheelchair = filters.wheelchair {
      sql += " AND (place_fact.wheelchair IS NULL OR place_fact.wheelchair IN ('yes', ?))"
      values.append(wheelchair.rawValue)
    }
    if let outdoor = filters.outdoorSeating {
      sql += " AND (place_fact.outdoor_seating IS NULL OR place_fact.outdoor_seating = ?)"
      values.append(outdoor ? 1 : 0)
    }
    if let takeaway = filters.takeaway {
      sql += " AND (place_fact.takeaway IS NULL OR place_fact.takeaway = ?)"
      values.append(takeaway ? 1 : 0)
    }
    if let minRating = filters.minRating {
      sql += " AND coalesce((SELECT avg(stars) FROM rating WHERE rating.place_id = place.id) >= ?, 1)"
      values.append(minRating)
    }
    return (sql, values)
  }

  /// A place from a row of ``placeColumns`` followed by ``factColumns``, its facts read from the columns.
  static func placeWithFacts(from row: some StoredColumns) -> Place? {
    guard var place = place(from: row) else { return nil }
    place.facts = facts(from: row, at: 12)
    return place
  }

  /// The facts in the six columns of `row` from `first` on (``factColumns``' order; `NULL`s when none are known).
  static func facts(from row: some StoredColumns, at first: Int) -> PlaceFacts {
    var facts = PlaceFacts()
    let diet = row.int(first) ?? 0
    let known = row.int(first + 1) ?? 0
    for candidate in Diet.allCases {
      if known & candidate.bit != 0 { facts.knownDiets.insert(candidate) }
      if diet & candidate.bit != 0 { facts.diet.append(candidate) }
    }
    facts.cuisine = PlaceFacts.cuisineList(row.string(first + 2))
    facts.wheelchair = row.string(first + 3).flatMap(Wheelchair.init(rawValue:))
    facts.outdoorSeating = row.int(first + 4).map { $0 != 0 }
    facts.takeaway = row.int(first + 5).map { $0 != 0 }
    return facts
  }

  /// Summaries of the `places` that pass `filters` (opening times at `date` in each place's zone), with the count
  /// of those left out for lack of data.
  ///
  /// Each place is judged before it is summarized, so only the places kept cost a summary (their ratings,
  /// favourite marks and opening status); ratings are looked up for all only when a rating filter needs them.
  package func filteredSummaries(
    of places: [Place],
    filters: PlaceFilters,
    center: Coordinate?,
    at date: Date
  ) throws(BeaconError) -> FilteredPlaces {
    guard !filters.isEmpty else {
      return FilteredPlaces(places: try summaries(of: places, center: center, at: date), excludedUnknown: nil)
    }
    let ratings = filters.minRating == nil ? [:] : try ratingSummaries(for: places.map(\.id))
    let (kept, counts) = filters.judge(
      places,
      facts: { resolvedFacts(of: $0) },
      ratings: ratings,
      defaultTimeZone: defaultTimeZone,
      at: date
    )
    return FilteredPlaces(places: try summaries(of: kept, center: center, at: date), excludedUnknown: counts)
  }
}
