/// A rating to be added: what `rating/add` carries.
public struct NewRating: Sendable, Equatable {
  /// The place rated.
  public var placeId: String
  /// 1…5.
  public var stars: Int
  /// An optional comment; trimmed, and dropped when empty.
  public var comment: String?

  /// Creates a rating to add.
  public init(placeId: String, stars: Int, comment: String? = nil) {
    self.placeId = placeId
    self.stars = stars
    self.comment = comment
  }
}

/// A rating as stored, with the place's summary right after it.
public struct AddedRating: Sendable, Equatable {
  /// The stored rating.
  public var rating: Rating
  /// The place's summary including this rating (and every rating added before it).
  public var summary: RatingSummary
}
