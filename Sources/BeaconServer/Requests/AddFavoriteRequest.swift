import BeaconCore
import JSONRPC

/// Adds a place to "Mine steder"; idempotent (`added: false` when it already was there).
package struct AddFavoriteRequest: RequestType, Encodable, Equatable {
  package static let method = "favorites/add"
  package static let ordering = RequestOrdering.exclusive

  package var placeId: String

  package init(placeId: String) { self.placeId = placeId }

  /// The favourite as lists show it, and whether this call added it.
  package struct Response: Codable, Sendable, Equatable {
    package var favorite: PlaceSummary
    package var added: Bool
  }
}
