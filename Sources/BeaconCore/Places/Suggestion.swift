/// One autocomplete suggestion.
public struct Suggestion: Sendable, Equatable, Codable {
  /// Geoapify's `place_id`, when the suggestion is a place.
  public var id: String?
  public var name: String
  public var address: String?
  public var location: Coordinate
  /// What it is: `amenity`, `street`, `city`, …
  public var kind: String
  /// The distance from the bias point, when there was one.
  public var distanceMeters: Int?
}
