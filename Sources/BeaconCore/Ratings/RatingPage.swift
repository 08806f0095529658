/// How a place's ratings are paged, on every store: the cursor is the id of the last rating returned, and a page
/// reads one rating more than its `limit` to tell whether another page follows.
package enum RatingPage {
  /// The id of the rating a page goes on after, `nil` without a `cursor`.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` when `cursor` is not a rating id.
  package static func after(_ cursor: String?) throws(BeaconError) -> Int? {
    guard let cursor else { return nil }
    guard let id = Int(cursor) else { throw .invalidArgument(field: "cursor", message: .invalidCursor) }
    return id
  }

  /// Drops the one rating read beyond `limit` from `ratings`; returns the cursor of the next page, `nil` on the last.
  package static func cut<Row>(_ ratings: inout [Row], limit: Int?, id: (Row) -> Int) -> String? {
    guard let limit, ratings.count > limit else { return nil }
    ratings.removeLast()
    return ratings.last.map { String(id($0)) }
  }
}
