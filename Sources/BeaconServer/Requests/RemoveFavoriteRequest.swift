import JSONRPC

/// Removes a place from "Mine steder"; `removed: false` when it was not there.
public struct RemoveFavoriteRequest: RequestType, Encodable, Equatable {
  public static let method = "favorites/remove"
  public static let ordering = RequestOrdering.exclusive

  public var placeId: String

  public init(placeId: String) { self.placeId = placeId }

  /// Whether this call removed it.
  public struct Response: Codable, Sendable, Equatable {
    public var removed: Bool
  }
}
