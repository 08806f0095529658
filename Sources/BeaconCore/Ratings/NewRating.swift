/// A rating to be added: what `rating/add` carries.
package struct NewRating: Sendable, Equatable {
  /// The place rated.
  package var placeId: String
  /// 1…5.
  package var stars: Int
  /// An optional comment; trimmed, and dropped when empty.
  package var comment: String?

  /// Creates a rating to add.
  package init(placeId: String, stars: Int, comment: String? = nil) {
    self.placeId = placeId
    self.stars = stars
    self.comment = comment
  }
}

/// A rating as stored, with the place's summary right after it.
package struct AddedRating: Sendable, Equatable {
  /// The stored rating.
  package var rating: Rating
  /// The place's summary including this rating (and every rating added before it).
  package var summary: RatingSummary

  /// Pairs a stored rating with its place's summary.
  package init(rating: Rating, summary: RatingSummary) {
    self.rating = rating
    self.summary = summary
  }
}
