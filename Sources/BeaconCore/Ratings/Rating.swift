import Foundation

/// One rating the user gave a place: every rating is its own record.
package struct Rating: Sendable, Equatable, Codable {
  package var id: Int
  package var placeId: String
  /// 1…5.
  package var stars: Int
  package var comment: String?
  package var createdAt: Date
  /// Who gave it, on a store shared by a team (PostgreSQL); `nil` on a SQLite store, where every rating is the
  /// user's own (and the wire has no `author`).
  package var author: String?

  /// Creates a rating.
  package init(id: Int, placeId: String, stars: Int, comment: String?, createdAt: Date, author: String? = nil) {
    self.id = id
    self.placeId = placeId
    self.stars = stars
    self.comment = comment
    self.createdAt = createdAt
    self.author = author
  }
}
