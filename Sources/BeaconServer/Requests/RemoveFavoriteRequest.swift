import JSONRPC

/// Removes a place from "Mine steder"; `removed: false` when it was not there.
package struct RemoveFavoriteRequest: RequestType, Encodable, Equatable {
  package static let method = "favorites/remove"
  package static let ordering = RequestOrdering.exclusive

  package var placeId: String

  package init(placeId: String) { self.placeId = placeId }

  /// Whether this call removed it.
  package struct Response: Codable, Sendable, Equatable {
    package var removed: Bool
  }
}
