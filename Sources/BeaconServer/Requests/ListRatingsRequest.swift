import BeaconCore
import JSONRPC

/// Lists a place's ratings, newest first, with their summary (`null` when there are none).
public struct ListRatingsRequest: RequestType, Encodable, Equatable {
  public static let method = "rating/list"

  public var placeId: String

  public init(placeId: String) { self.placeId = placeId }

  /// The ratings and their summary.
  public struct Response: Codable, Sendable, Equatable {
    public var ratings: [Rating]
    public var summary: RatingSummary?

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(ratings, forKey: .ratings)
      try container.encode(summary, forKey: .summary)  // An explicit null: no ratings, no star.
    }
  }
}
