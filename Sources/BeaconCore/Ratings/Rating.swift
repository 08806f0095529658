import Foundation

/// One rating the user gave a place: every rating is its own record.
package struct Rating: Sendable, Equatable, Codable {
  package var id: Int
  package var placeId: String
  /// 1…5.
  package var stars: Int
  package var comment: String?
  package var createdAt: Date

  /// Creates a rating.
  package init(id: Int, placeId: String, stars: Int, comment: String?, createdAt: Date) {
    self.id = id
    self.placeId = placeId
    self.stars = stars
    self.comment = comment
    self.createdAt = createdAt
  }
}
