/// A place as every list shows it: search results, favourites, "Mine steder".
package struct PlaceSummary: Sendable, Equatable, Codable {
  package var id: String
  package var name: String
  package var category: PlaceCategory
  /// Where the place is, for a pin.
  package var location: Coordinate
  package var address: String?
  /// The distance from the query's centre in whole metres, when there is a centre.
  package var distanceMeters: Int?
  /// The user's ratings summarized; `null` when there are none (no star at all).
  package var rating: RatingSummary?
  /// Whether the place is one of the user's favourites.
  package var isFavorite: Bool
  /// Where the data came from.
  package var source: String
  /// Whether the place is open at the time of the request (in its own time zone); `null` when its opening hours
  /// are unknown or cannot tell.
  package var openNow: Bool?
  /// When an open place closes, in its local time with the UTC offset, if known.
  package var closesAt: LocalDateTime?
  /// When a closed place opens, in its local time with the UTC offset, if known.
  package var opensAt: LocalDateTime?
  /// The diets the data says yes or only to; `[]` when it names diets but says no to them, absent when it names none.
  package var diet: [Diet]?
  /// OSM's cuisine values, when known.
  package var cuisine: [String]?
  /// Step-free access (`yes`, `limited`, `no`), when known.
  package var wheelchair: Wheelchair?
  package var outdoorSeating: Bool?
  package var takeaway: Bool?
  /// Along a route: the distance from the route's start to the point of the route nearest the place, in whole metres.
  package var alongRouteMeters: Int?
  /// Along a route: the distance from the route to the place, in whole metres.
  package var detourMeters: Int?

  /// Creates a summary.
  package init(
    id: String,
    name: String,
    category: PlaceCategory,
    location: Coordinate,
    address: String?,
    distanceMeters: Int?,
    rating: RatingSummary?,
    isFavorite: Bool,
    source: String,
    hours: OpeningStatus? = nil,
    facts: PlaceFacts? = nil
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.location = location
    self.address = address
    self.distanceMeters = distanceMeters
    self.rating = rating
    self.isFavorite = isFavorite
    self.source = source
    openNow = hours?.openNow
    closesAt = hours?.closesAt
    opensAt = hours?.opensAt
    if let facts { self.facts = facts }
  }

  /// The facts the summary shows (setting replaces all five fields).
  package var facts: PlaceFacts {
    get {
      PlaceFacts(
        diet: diet ?? [],
        knownDiets: Set(diet ?? []),
        cuisine: cuisine,
        wheelchair: wheelchair,
        outdoorSeating: outdoorSeating,
        takeaway: takeaway
      )
    }
    set {
      diet = newValue.knownDiets.isEmpty ? nil : newValue.diet
      cuisine = newValue.cuisine
      wheelchair = newValue.wheelchair
      outdoorSeating = newValue.outdoorSeating
      takeaway = newValue.takeaway
    }
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, category, location, address, distanceMeters, rating, isFavorite, source, openNow, closesAt
    case opensAt, diet, wheelchair, outdoorSeating, takeaway, cuisine, alongRouteMeters, detourMeters
  }

  /// Encodes every field; `rating` and `openNow` are written as `null` when unknown, so clients need not guess.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(category, forKey: .category)
    try container.encode(location, forKey: .location)
    try container.encodeIfPresent(address, forKey: .address)
    try container.encodeIfPresent(distanceMeters, forKey: .distanceMeters)
    try container.encode(rating, forKey: .rating)
    try container.encode(isFavorite, forKey: .isFavorite)
    try container.encode(source, forKey: .source)
    try container.encode(openNow, forKey: .openNow)
    try container.encodeIfPresent(closesAt, forKey: .closesAt)
    try container.encodeIfPresent(opensAt, forKey: .opensAt)
    try container.encodeIfPresent(diet, forKey: .diet)
    try container.encodeIfPresent(cuisine, forKey: .cuisine)
    try container.encodeIfPresent(wheelchair, forKey: .wheelchair)
    try container.encodeIfPresent(outdoorSeating, forKey: .outdoorSeating)
    try container.encodeIfPresent(takeaway, forKey: .takeaway)
    try container.encodeIfPresent(alongRouteMeters, forKey: .alongRouteMeters)
    try container.encodeIfPresent(detourMeters, forKey: .detourMeters)
  }
}
