import BeaconCore
import JSONRPC

/// Adds a rating of 1–5 stars to a place; every rating is kept as its own record.
package struct AddRatingRequest: RequestType, Encodable, Equatable {
  package static let method = "rating/add"
  package static let ordering = RequestOrdering.exclusive

  package var placeId: String
  /// 1…5.
  package var stars: Int
  package var comment: String?

  package init(placeId: String, stars: Int, comment: String? = nil) {
    self.placeId = placeId
    self.stars = stars
    self.comment = comment
  }

  /// The new rating and the place's new summary.
  package struct Response: Codable, Sendable, Equatable {
    package var rating: Rating
    package var summary: RatingSummary
  }
}
