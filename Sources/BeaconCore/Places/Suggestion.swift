/// One autocomplete suggestion.
package struct Suggestion: Sendable, Equatable, Codable {
  /// Geoapify's `place_id`, when the suggestion is a place.
  package var id: String?
  package var name: String
  package var address: String?
  package var location: Coordinate
  /// What it is: `amenity`, `street`, `city`, …
  package var kind: String
  /// The distance from the bias point, when there was one.
  package var distanceMeters: Int?
}
