import BeaconCore
import JSONRPC

/// Adds a place to "Mine steder"; idempotent (`added: false` when it already was there).
public struct AddFavoriteRequest: RequestType, Encodable, Equatable {
  public static let method = "favorites/add"
  public static let ordering = RequestOrdering.exclusive

  public var placeId: String

  public init(placeId: String) { self.placeId = placeId }

  /// The favourite as lists show it, and whether this call added it.
  public struct Response: Codable, Sendable, Equatable {
    public var favorite: PlaceSummary
    public var added: Bool
  }
}
