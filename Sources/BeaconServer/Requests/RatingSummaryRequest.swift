import JSONRPC

/// The user's average rating and count for several places at once, one entry per given id in the given order; a
/// place without ratings (or unknown) has `count: 0` and `average: null`.
public struct RatingSummaryRequest: RequestType, Encodable, Equatable {
  public static let method = "rating/summary"
  /// How many places one call may ask about.
  public static let placeIdsRange = 1...100

  /// The places (1…100 ids).
  public var placeIds: [String]

  public init(placeIds: [String]) { self.placeIds = placeIds }

  /// One place's ratings in brief.
  public struct Summary: Codable, Sendable, Equatable {
    public var placeId: String
    /// The mean of the place's ratings; `null` when it has none.
    public var average: Double?
    /// How many ratings the place has.
    public var count: Int

    public init(placeId: String, average: Double?, count: Int) {
      self.placeId = placeId
      self.average = average
      self.count = count
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(placeId, forKey: .placeId)
      try container.encode(average, forKey: .average)  // An explicit null: no ratings, no average.
      try container.encode(count, forKey: .count)
    }
  }

  /// A summary per given id.
  public struct Response: Codable, Sendable, Equatable {
    public var summaries: [Summary]
  }
}
