import BeaconCore
import JSONRPC

/// Lists a place's ratings, newest first, a page at a time, with the summary of all of them (`null` when there
/// are none).
package struct ListRatingsRequest: RequestType, Encodable, Equatable {
  package static let method = "rating/list"
  /// How many ratings a page holds unless `limit` says otherwise.
  package static let defaultLimit = 100
  /// The most a page may hold: an answer stays bounded however many ratings a place has.
  package static let maxLimit = 500

  package var placeId: String
  /// The most ratings to return (1…500, default 100).
  package var limit: Int?
  /// The previous page's `nextCursor`, to go on from there; omitted for the newest ratings.
  package var cursor: String?

  package init(placeId: String, limit: Int? = nil, cursor: String? = nil) {
    self.placeId = placeId
    self.limit = limit
    self.cursor = cursor
  }

  /// A page of ratings and the summary of all of them.
  package struct Response: Codable, Sendable, Equatable {
    package var ratings: [Rating]
    package var summary: RatingSummary?
    /// Where the next page starts; absent on the last page.
    package var nextCursor: String?

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(ratings, forKey: .ratings)
      try container.encode(summary, forKey: .summary)  // An explicit null: no ratings, no star.
      try container.encodeIfPresent(nextCursor, forKey: .nextCursor)
    }
  }
}
