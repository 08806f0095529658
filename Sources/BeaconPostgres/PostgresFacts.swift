import BeaconCore
import Foundation

/// The filter facts the PostgreSQL store keeps in each place's row (migration 8), and the SQL that judges filters on
/// them: the same facts the SQLite store keeps in `place_fact` (``ImportFacts/storedFacts(of:)``), so both stores
/// keep, drop and count the same places.
///
/// Every filter but the opening times (`openAt`, `openFor`) is decided here: a filter is *known* for a place when
/// its data says something about it, and then the place passes or fails it. A place fails when a known filter
/// fails; it matches when every filter is known and passes; otherwise it is left out and counted, under each
/// filter it is unknown for, in `excludedUnknown` (``PlaceFilters/verdict(facts:hours:zone:rating:now:)``).
package enum PostgresFacts {
  /// The fact columns, in the order of ``values(_:)``.
  package static let columns =
    "fact_diet, fact_diet_known, fact_cuisine, fact_wheelchair, fact_outdoor_seating, fact_takeaway"

  /// The fact columns as ``facts(from:at:)`` reads them (the cuisine list joined by `;`, which no entry holds).
  static let selected =
    "fact_diet, fact_diet_known, array_to_string(fact_cuisine, ';'), fact_wheelchair, fact_outdoor_seating, "
    + "fact_takeaway"

  /// The values of ``columns`` for `facts`.
  package static func values(_ facts: PlaceFacts) -> [(any PostgresBindable)?] {
    [
      facts.diet.reduce(0) { $0 | $1.bit }, facts.knownDiets.reduce(0) { $0 | $1.bit },
      facts.cuisine.map(PostgresArray.init), facts.wheelchair?.rawValue, facts.outdoorSeating, facts.takeaway,
    ]
  }

  /// The facts in the six columns of `row` from `first` on (``selected``' order).
  static func facts(from row: PostgresRow, at first: Int) -> PlaceFacts {
    var facts = PlaceFacts()
    let diet = row.int(first) ?? 0
    let known = row.int(first + 1) ?? 0
    for candidate in Diet.allCases {
      if known & candidate.bit != 0 { facts.knownDiets.insert(candidate) }
      if diet & candidate.bit != 0 { facts.diet.append(candidate) }
    }
    facts.cuisine = row.string(first + 2).map { $0.split(separator: ";").map(String.init) }
    facts.wheelchair = row.string(first + 3).flatMap(Wheelchair.init(rawValue:))
    facts.outdoorSeating = row.bool(first + 4)
    facts.takeaway = row.bool(first + 5)
    return facts
  }

  /// Which places a search's filters keep in SQL.
  package enum Keep: Sendable {
    /// Those that match every filter.
    case matching
    /// Those no known filter rules out (the others are judged in Swift: opening times, and the count of unknowns).
    case notFailing
  }

  /// Whether `filters` can be judged entirely in SQL (everything but opening times).
  static func decidable(_ filters: PlaceFilters) -> Bool {
    !filters.isEmpty && filters.openAt == nil && filters.openFor == nil
  }

  /// The SQL of `filters` (those ``decidable(_:)`` ones that are set) on table `place`, its parameters appended to
  /// `values`: a join to add after `FROM place` (the user's own average rating for `minRating`, as on SQLite where
  /// every rating is the user's), and per filter, in ``PlaceFilters/active`` order, when it is known and when it
  /// passes.
  struct Conditions {
    /// A join to add after `FROM place` (empty without `minRating`).
    var join = ""
    /// Per filter set: its name, when the place's data says something about it, and when it passes then.
    var filters: [(name: PlaceFilters.Name, known: String, passes: String)] = []

    /// The conditions of `filters` for `user`'s search.
    init(_ filters: PlaceFilters, user: String, values: inout [(any PostgresBindable)?]) {
      func parameter(_ value: any PostgresBindable) -> String {
        values.append(value)
        return "$\(values.count)"
      }
      for name in filters.active {
        switch name {
        case .diet:
          let mask = parameter(filters.diet.reduce(0) { $0 | $1.bit })
          self.filters.append((name, "(fact_diet_known & \(mask)) <> 0", "(fact_diet & \(mask)) <> 0"))
        case .cuisine:
          let wanted = parameter(PostgresArray(filters.cuisine.sorted()))
          self.filters.append((name, "fact_cuisine IS NOT NULL", "fact_cuisine && \(wanted)::text[]"))
        case .wheelchair:
          let accepted = filters.wheelchair == .limited ? ["yes", "limited"] : ["yes"]
          let list = parameter(PostgresArray(accepted))
          self.filters.append((name, "fact_wheelchair IS NOT NULL", "fact_wheelchair = ANY(\(list)::text[])"))
        case .outdoorSeating:
          let wanted = parameter(filters.outdoorSeating ?? true)
          self.filters.append((name, "fact_outdoor_seating IS NOT NULL", "fact_outdoor_seating = \(wanted)"))
        case .takeaway:
          let wanted = parameter(filters.takeaway ?? true)
          self.filters.append((name, "fact_takeaway IS NOT NULL", "fact_takeaway = \(wanted)"))
        case .minRating:
          join =
            " LEFT JOIN LATERAL (SELECT avg(stars::double precision) AS average FROM rating "
            + "WHERE rating.place_id = place.id AND rating.author = \(parameter(user))) AS own ON true"
          let least = parameter(filters.minRating ?? 1)
          self.filters.append((name, "own.average IS NOT NULL", "own.average >= \(least)"))
        case .openAt:
          continue
        }
      }
    }

    /// Every filter is known and passes.
    var match: String {
      filters.map { "(\($0.known) AND \($0.passes))" }.joined(separator: " AND ")
    }

    /// No known filter fails.
    var notFailing: String {
      filters.map { "(NOT \($0.known) OR coalesce(\($0.passes), false))" }.joined(separator: " AND ")
    }

    /// The filters the place's data says nothing about, as a bit mask (bit `i` for `filters[i]`).
    var unknownMask: String {
      filters.enumerated().map { "(CASE WHEN \($1.known) THEN 0 ELSE \(1 << $0) END)" }.joined(separator: " + ")
    }
  }
}
