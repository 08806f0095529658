import BeaconCore
import JSONRPC

/// Adds a rating of 1–5 stars to a place; every rating is kept as its own record.
public struct AddRatingRequest: RequestType, Encodable, Equatable {
  public static let method = "rating/add"
  public static let ordering = RequestOrdering.exclusive

  public var placeId: String
  /// 1…5.
  public var stars: Int
  public var comment: String?

  public init(placeId: String, stars: Int, comment: String? = nil) {
    self.placeId = placeId
    self.stars = stars
    self.comment = comment
  }

  /// The new rating and the place's new summary.
  public struct Response: Codable, Sendable, Equatable {
    public var rating: Rating
    public var summary: RatingSummary
  }
}
