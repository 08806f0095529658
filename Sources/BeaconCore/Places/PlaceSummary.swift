/// A place as every list shows it: search results, favourites, "Mine steder".
public struct PlaceSummary: Sendable, Equatable, Codable {
  public var id: String
  public var name: String
  public var category: PlaceCategory
  /// Where the place is, for a pin.
  public var location: Coordinate
  public var address: String?
  /// The distance from the query's centre in whole metres, when there is a centre.
  public var distanceMeters: Int?
  /// The user's ratings summarized; `null` when there are none (no star at all).
  public var rating: RatingSummary?
  /// Whether the place is one of the user's favourites.
  public var isFavorite: Bool
  /// Where the data came from.
  public var source: String

  /// Creates a summary.
  public init(
    id: String,
    name: String,
    category: PlaceCategory,
    location: Coordinate,
    address: String?,
    distanceMeters: Int?,
    rating: RatingSummary?,
    isFavorite: Bool,
    source: String
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
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, category, location, address, distanceMeters, rating, isFavorite, source
  }

  /// Encodes every field; `rating` is written as `null` when there is none, so clients need not guess.
  public func encode(to encoder: any Encoder) throws {
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
  }
}
