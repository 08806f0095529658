import Foundation

/// One rating the user gave a place: every rating is its own record.
public struct Rating: Sendable, Equatable, Codable {
  public var id: Int
  public var placeId: String
  /// 1…5.
  public var stars: Int
  public var comment: String?
  public var createdAt: Date

  /// Creates a rating.
  public init(id: Int, placeId: String, stars: Int, comment: String?, createdAt: Date) {
    self.id = id
    self.placeId = placeId
    self.stars = stars
    self.comment = comment
    self.createdAt = createdAt
  }
}
