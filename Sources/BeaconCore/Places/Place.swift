import Foundation

/// A place as the store keeps it, whatever source it came from.
package struct Place: Sendable, Equatable, Codable {
  /// A stable id: Geoapify's `place_id`, or `osm:node/123` for OpenStreetMap data.
  package var id: String
  /// The name (for nameless places a readable fallback such as the address line).
  package var name: String
  /// What kind of place it is.
  package var category: PlaceCategory
  /// Where it is.
  package var location: Coordinate
  /// The address as one line, if known.
  package var address: String?
  /// Cuisine or other keywords that search should find, if known.
  package var cuisine: String?
  /// The decoded details as JSON text, if they have been fetched.
  package var detailsJSON: String?
  /// The raw OSM `opening_hours` value, e.g. `Mo-Fr 08:00-16:00; Sa 10:00-14:00`, if known.
  package var openingHours: String?
  /// The place's IANA time zone (`Europe/Oslo`), if known; hours are read in ``OpeningHours/defaultTimeZoneIdentifier``
  /// otherwise.
  package var timeZone: String?
  /// Where the data came from, e.g. `geoapify`, `osm`, `test`.
  package var source: String
  /// When the data was fetched.
  package var fetchedAt: Date
  /// What the data says about diets, cuisine, access…, when read already (Geoapify answers, the store's
  /// `place_fact`); ``resolvedFacts`` reads them from the details otherwise.
  package var facts: PlaceFacts?

  /// Creates a place.
  package init(
    id: String,
    name: String,
    category: PlaceCategory,
    location: Coordinate,
    address: String? = nil,
    cuisine: String? = nil,
    detailsJSON: String? = nil,
    openingHours: String? = nil,
    timeZone: String? = nil,
    source: String,
    fetchedAt: Date = Date(),
    facts: PlaceFacts? = nil
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.location = location
    self.address = address
    self.cuisine = cuisine
    self.detailsJSON = detailsJSON
    self.openingHours = openingHours
    self.timeZone = timeZone
    self.source = source
    self.fetchedAt = fetchedAt
    self.facts = facts
  }
}

extension Place {
  /// Whether the place is open at `date` in its own time zone (else `defaultTimeZone`); `nil` when it has no
  /// opening hours.
  package func openingStatus(at date: Date, defaultTimeZone: TimeZone) -> OpeningStatus? {
    Self.openingStatus(hours: openingHours, timeZone: timeZone, at: date, defaultTimeZone: defaultTimeZone)
  }

  /// The status at `date` of the raw opening `hours` of a place in the zone `timeZone` (else `defaultTimeZone`);
  /// `nil` without hours.
  static func openingStatus(
    hours: String?,
    timeZone: String?,
    at date: Date,
    defaultTimeZone: TimeZone
  ) -> OpeningStatus? {
    hours.map {
      OpeningHours.status(of: $0, at: date, timeZone: OpeningHours.timeZone(timeZone, default: defaultTimeZone))
    }
  }
}

extension Place {
  /// What the place's data says about the things searches filter on: ``facts`` when known, else read from the
  /// details, the cuisine column filling in a cuisine the details do not name.
  package var resolvedFacts: PlaceFacts {
    var facts = facts ?? PlaceFacts(detailsJSON: detailsJSON)
    if facts.cuisine == nil { facts.cuisine = PlaceFacts.cuisineList(cuisine) }
    return facts
  }
}
