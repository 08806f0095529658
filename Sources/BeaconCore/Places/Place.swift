import Foundation

/// A place as the store keeps it, whatever source it came from.
public struct Place: Sendable, Equatable, Codable {
  /// A stable id: Geoapify's `place_id`, or `osm:node/123` for OpenStreetMap data.
  public var id: String
  /// The name (for nameless places a readable fallback such as the address line).
  public var name: String
  /// What kind of place it is.
  public var category: PlaceCategory
  /// Where it is.
  public var location: Coordinate
  /// The address as one line, if known.
  public var address: String?
  /// Cuisine or other keywords that search should find, if known.
  public var cuisine: String?
  /// The decoded details as JSON text, if they have been fetched.
  public var detailsJSON: String?
  /// The raw OSM `opening_hours` value, e.g. `Mo-Fr 08:00-16:00; Sa 10:00-14:00`, if known.
  public var openingHours: String?
  /// The place's IANA time zone (`Europe/Oslo`), if known; hours are read in ``OpeningHours/defaultTimeZoneIdentifier``
  /// otherwise.
  public var timeZone: String?
  /// Where the data came from, e.g. `geoapify`, `osm`, `test`.
  public var source: String
  /// When the data was fetched.
  public var fetchedAt: Date
  /// What the data says about diets, cuisine, access…, when read already (Geoapify answers, the store's
  /// `place_fact`); ``resolvedFacts`` reads them from the details otherwise.
  public var facts: PlaceFacts?

  /// Creates a place.
  public init(
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
  public func openingStatus(at date: Date, defaultTimeZone: TimeZone) -> OpeningStatus? {
    openingHours.map {
      OpeningHours.status(of: $0, at: date, timeZone: OpeningHours.timeZone(timeZone, default: defaultTimeZone))
    }
  }
}

extension Place {
  /// What the place's data says about the things searches filter on: ``facts`` when known, else read from the
  /// details, the cuisine column filling in a cuisine the details do not name.
  public var resolvedFacts: PlaceFacts {
    var facts = facts ?? PlaceFacts(detailsJSON: detailsJSON)
    if facts.cuisine == nil { facts.cuisine = PlaceFacts.cuisineList(cuisine) }
    return facts
  }
}
