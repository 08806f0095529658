import JSONRPC

/// Which of several places are the user's favourites, one entry per given id in the given order: what a client
/// needs to draw a star on each place of a list. An unknown id is simply not a favourite.
package struct FavoriteStatusRequest: RequestType, Encodable, Equatable {
  package static let method = "favorites/status"
  /// How many places one call may ask about.
  package static let placeIdsRange = 1...100

  /// The places (1…100 ids).
  package var placeIds: [String]

  package init(placeIds: [String]) { self.placeIds = placeIds }

  /// Whether one place is a favourite.
  package struct Status: Codable, Sendable, Equatable {
    package var placeId: String
    package var favorite: Bool

    package init(placeId: String, favorite: Bool) {
      self.placeId = placeId
      self.favorite = favorite
    }
  }

  /// A status per given id.
  package struct Response: Codable, Sendable, Equatable {
    package var statuses: [Status]
  }
}
