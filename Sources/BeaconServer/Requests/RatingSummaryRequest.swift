import BeaconCore
import JSONRPC

/// The average rating and count (on a PostgreSQL store the team's, with the user's own beside them) for several
/// places at once, one entry per given id in the given order; a place without ratings (or unknown) has `count: 0`
/// and `average: null`.
package struct RatingSummaryRequest: RequestType, Encodable, Equatable {
  package static let method = "rating/summary"
  /// How many places one call may ask about.
  package static let placeIdsRange = 1...100

  /// The places (1…100 ids).
  package var placeIds: [String]

  package init(placeIds: [String]) { self.placeIds = placeIds }

  /// One place's ratings in brief.
  package struct Summary: Codable, Sendable, Equatable {
    package var placeId: String
    /// The mean of the place's ratings; `null` when it has none.
    package var average: Double?
    /// How many ratings the place has.
    package var count: Int
    /// On a PostgreSQL store (shared by a team), where ``average`` and ``count`` are everyone's: the mean of the
    /// caller's own ratings (`null` when the caller has none); absent on a SQLite store.
    package var ownAverage: Double?
    /// On a PostgreSQL store: how many of the ratings are the caller's; absent on a SQLite store.
    package var ownCount: Int?

    package init(placeId: String, average: Double?, count: Int, own: RatingSummary?? = nil) {
      self.placeId = placeId
      self.average = average
      self.count = count
      if let own {
        ownAverage = own?.average
        ownCount = own?.count ?? 0
      }
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(placeId, forKey: .placeId)
      try container.encode(average, forKey: .average)  // An explicit null: no ratings, no average.
      try container.encode(count, forKey: .count)
      if let ownCount {
        try container.encode(ownAverage, forKey: .ownAverage)
        try container.encode(ownCount, forKey: .ownCount)
      }
    }
  }

  /// A summary per given id.
  package struct Response: Codable, Sendable, Equatable {
    package var summaries: [Summary]
  }
}
