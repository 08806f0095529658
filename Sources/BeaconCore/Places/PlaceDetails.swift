import BeaconJSON
import Foundation

/// Everything Beacon knows about one place: the detail view.
package struct PlaceDetails: Sendable, Equatable, Codable {
  package var id: String
  package var name: String
  package var category: PlaceCategory
  /// Geoapify's category keys, e.g. `catering.restaurant.pizza`.
  package var categories: [String]
  package var address: String?
  package var location: Coordinate
  /// The opening hours: the raw OSM value, whether the place is open now, when that changes, and this week.
  package var openingHours: OpeningHours?
  package var phone: String?
  package var email: String?
  package var website: String?
  /// Cuisines as OSM lists them (`italian;pizza` → `["italian", "pizza"]`).
  package var cuisine: [String]?
  /// The place's IANA time zone, when known.
  package var timeZone: String?
  /// Where to open the place: Apple Maps, a `geo:` URI (RFC 5870), OpenStreetMap.
  package var links: Links
  /// The user's ratings summarized; `null` when none.
  package var rating: RatingSummary?
  package var isFavorite: Bool
  /// The emoji and animation for the category.
  package var presentation: Presentation
  /// OpenStreetMap's own tags (`datasource.raw`), untyped, when Geoapify sent them.
  package var tags: JSONValue?
  /// The diets the data says yes or only to (absent when it names none), as in summaries.
  package var diet: [Diet]?
  /// Step-free access (`yes`, `limited`, `no`), when known.
  package var wheelchair: Wheelchair?
  package var outdoorSeating: Bool?
  package var takeaway: Bool?

  /// Links to open a place elsewhere.
  package struct Links: Sendable, Equatable, Codable {
    package var appleMaps: String
    package var geo: String
    package var openStreetMap: String?
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, category, categories, address, location, openingHours, phone, email, website, cuisine, timeZone
    case links, rating, isFavorite, presentation, tags, diet, wheelchair, outdoorSeating, takeaway
  }

  /// Encodes every field; `rating` is an explicit `null` when there are no ratings.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(category, forKey: .category)
    try container.encode(categories, forKey: .categories)
    try container.encodeIfPresent(address, forKey: .address)
    try container.encode(location, forKey: .location)
    try container.encodeIfPresent(openingHours, forKey: .openingHours)
    try container.encodeIfPresent(phone, forKey: .phone)
    try container.encodeIfPresent(email, forKey: .email)
    try container.encodeIfPresent(website, forKey: .website)
    try container.encodeIfPresent(cuisine, forKey: .cuisine)
    try container.encodeIfPresent(timeZone, forKey: .timeZone)
    try container.encode(links, forKey: .links)
    try container.encode(rating, forKey: .rating)
    try container.encode(isFavorite, forKey: .isFavorite)
    try container.encode(presentation, forKey: .presentation)
    try container.encodeIfPresent(tags, forKey: .tags)
    try container.encodeIfPresent(diet, forKey: .diet)
    try container.encodeIfPresent(wheelchair, forKey: .wheelchair)
    try container.encodeIfPresent(outdoorSeating, forKey: .outdoorSeating)
    try container.encodeIfPresent(takeaway, forKey: .takeaway)
  }

  /// Builds details from a stored place, reading its kept Geoapify feature when there is one; opening hours
  /// are evaluated at `date` in the place's time zone, else in `defaultTimeZone`.
  package init(
    place: Place,
    rating: RatingSummary?,
    isFavorite: Bool,
    at date: Date = Date(),
    defaultTimeZone: TimeZone = OpeningHours.timeZone(nil)
  ) {
    let feature = place.detailsJSON.flatMap { try? JSONParser.parse(Array($0.utf8)) }
    let properties = feature?["properties"]
    let raw = properties?["datasource"]?["raw"]
    id = place.id
    name = place.name
    category = place.category
    categories = (properties?["categories"]?.arrayValue ?? []).compactMap(\.stringValue)
    if categories.isEmpty { categories = [place.category.geoapifyKey] }
    address = place.address
    location = place.location
    let zone = place.timeZone ?? properties?["timezone"]?["name"]?.stringValue
    timeZone = zone
    let hours = place.openingHours ?? properties?["opening_hours"]?.stringValue ?? raw?["opening_hours"]?.stringValue
    openingHours = hours.map {
      OpeningHours(raw: $0, at: date, timeZone: OpeningHours.timeZone(zone, default: defaultTimeZone))
    }
    phone =
      properties?["contact"]?["phone"]?.stringValue ?? raw?["phone"]?.stringValue ?? raw?["contact:phone"]?.stringValue
    email =
      properties?["contact"]?["email"]?.stringValue ?? raw?["email"]?.stringValue ?? raw?["contact:email"]?.stringValue
    website =
      properties?["website"]?.stringValue ?? raw?["website"]?.stringValue ?? raw?["contact:website"]?.stringValue
    let cuisineText = properties?["catering"]?["cuisine"]?.stringValue ?? place.cuisine
    cuisine = cuisineText.map { $0.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) } }
    let facts = place.facts ?? PlaceFacts(feature: feature)
    diet = facts.knownDiets.isEmpty ? nil : facts.diet
    wheelchair = facts.wheelchair
    outdoorSeating = facts.outdoorSeating
    takeaway = facts.takeaway
    links = Self.links(name: place.name, location: place.location, raw: raw)
    self.rating = rating
    self.isFavorite = isFavorite
    presentation = Presentation.forCategory(place.category)
    tags = raw
  }

  static func links(name: String, location: Coordinate, raw: JSONValue?) -> Links {
    let lat = Self.format(location.lat)
    let lon = Self.format(location.lon)
    var query = URLComponents()
    query.queryItems = [URLQueryItem(name: "ll", value: "\(lat),\(lon)"), URLQueryItem(name: "q", value: name)]
    let appleMaps = "https://maps.apple.com/" + (query.string ?? "?ll=\(lat),\(lon)")
    var openStreetMap: String?
    if let osmID = raw?["osm_id"]?.intValue, let type = raw?["osm_type"]?.stringValue?.lowercased() {
      let kind = ["n": "node", "w": "way", "r": "relation"][type]
      openStreetMap = kind.map { "https://www.openstreetmap.org/\($0)/\(abs(osmID))" }
    }
    return Links(appleMaps: appleMaps, geo: "geo:\(lat),\(lon)", openStreetMap: openStreetMap)
  }

  /// Up to 7 decimals (about 1 cm), without trailing zeros.
  static func format(_ degrees: Double) -> String {
    var text = String(format: "%.7f", degrees)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

extension PlaceDetails {
  /// The facts the details show besides the cuisine (which has its own line).
  package var facts: PlaceFacts {
    PlaceFacts(
      diet: diet ?? [],
      knownDiets: Set(diet ?? []),
      wheelchair: wheelchair,
      outdoorSeating: outdoorSeating,
      takeaway: takeaway
    )
  }
}
