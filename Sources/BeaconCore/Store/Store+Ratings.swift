import Foundation

extension Store {

  /// Adds one rating and returns it with the place's new summary.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` for stars outside 1…5 or an over-long
  ///   comment, ``UnknownEntity/place(_:)`` for a place never seen.
  package func addRating(
    placeId: String,
    stars: Int,
    comment: String?,
    at date: Date = Date()
  ) throws(BeaconError) -> (rating: Rating, summary: RatingSummary) {
    let added = try addRatings([NewRating(placeId: placeId, stars: stars, comment: comment)], at: date)[0].get()
    return (added.rating, added.summary)
  }

  /// Adds ratings in one transaction (group commit): each comes back with the place's summary right after it,
  /// or with the error that kept it out; one rating's invalid value or unknown place does not affect the
  /// others. When the transaction itself fails, nothing is stored and every rating fails with that error.
  package func addRatings(_ ratings: [NewRating], at date: Date = Date()) -> [Result<AddedRating, BeaconError>] {
    // Every slot is overwritten below: with its validation error, its outcome, or the transaction's error.
    var results: [Result<AddedRating, BeaconError>] = ratings.map { rating in
      .failure(Self.validationError(rating) ?? .storage(SQLiteError(code: 1, message: "not stored")))
    }
    let valid = ratings.indices.filter { Self.validationError(ratings[$0]) == nil }
    guard !valid.isEmpty else { return results }
    do throws(BeaconError) {
      try storage {
        try database.transaction {
          var totals: [String: (stars: Int, count: Int)] = [:]
          var known: [String: Bool] = [:]
          for index in valid {
            let rating = ratings[index]
            let exists = try known[rating.placeId] ?? placeExists(rating.placeId)
            known[rating.placeId] = exists
            guard exists else {
              results[index] = .failure(.notFound(.place(rating.placeId)))
              continue
            }
            let comment = Self.storedComment(rating.comment)
            try database.run(
              "INSERT INTO rating (place_id, stars, comment, created_at) VALUES (?, ?, ?, ?)",
              [rating.placeId, rating.stars, comment, date]
            )
            let id = Int(database.lastInsertRowID)
            // One scan per place and group (it sees the row just added); later ratings of the place add to it.
            let total: (stars: Int, count: Int) =
              try totals[rating.placeId].map { ($0.stars + rating.stars, $0.count + 1) }
              ?? ratingTotals(rating.placeId)
            totals[rating.placeId] = total
            guard let summary = RatingSummary(total: total.stars, count: total.count) else {
              throw SQLiteError(code: 1, message: "the rating just added is missing")
            }
            let added = Rating(id: id, placeId: rating.placeId, stars: rating.stars, comment: comment, createdAt: date)
            results[index] = .success(AddedRating(rating: added, summary: summary))
          }
        }
      }
    } catch {
      for index in valid { results[index] = .failure(error) }
    }
    return results
  }

  /// Why `rating` cannot be stored whatever the store holds, or `nil`.
  package static func validationError(_ rating: NewRating) -> BeaconError? {
    guard (1...5).contains(rating.stars) else {
      return .invalidArgument(field: "stars", message: .starsOutOfRange(rating.stars))
    }
    if let comment = rating.comment?.trimmedOfWhitespace, comment.isLonger(than: maxCommentLength) {
      return .invalidArgument(field: "comment", message: .commentTooLong(maxCommentLength))
    }
    return nil
  }

  /// The comment as stored: trimmed, and `nil` when empty.
  package static func storedComment(_ comment: String?) -> String? {
    guard let trimmed = comment?.trimmedOfWhitespace, !trimmed.isEmpty else { return nil }
    return String(trimmed)
  }

  private func placeExists(_ id: String) throws -> Bool {
    try !database.query("SELECT 1 FROM place WHERE id = ?", [id]).isEmpty
  }

  /// The sum of stars and the number of ratings of a place, inside the current transaction.
  private func ratingTotals(_ placeId: String) throws -> (stars: Int, count: Int) {
    let row = try database.query("SELECT coalesce(sum(stars), 0), count(*) FROM rating WHERE place_id = ?", [placeId])
    return (row.first?.int(0) ?? 0, row.first?.int(1) ?? 0)
  }

  /// A place's ratings, newest first, a page at a time, with the summary of all of them.
  ///
  /// - Parameters:
  ///   - limit: The most ratings to return; `nil` returns them all (for callers that know the store is small).
  ///   - cursor: Where the previous page ended (its `nextCursor`); `nil` starts with the newest.
  /// - Returns: The page, the summary of every rating of the place, and the cursor of the next page (`nil` when
  ///   this page is the last).
  /// - Throws: ``UnknownEntity/place(_:)`` for a place never seen, ``BeaconError/invalidArgument(field:message:)``
  ///   for a cursor that is not one of this place's.
  package func ratings(
    placeId: String,
    limit: Int? = nil,
    cursor: String? = nil
  ) throws(BeaconError) -> (ratings: [Rating], summary: RatingSummary?, nextCursor: String?) {
    // The cursor is the id of the last rating returned; the page goes on from its (created_at, id).
    let after = try RatingPage.after(cursor)
    return try storage { () throws -> (ratings: [Rating], summary: RatingSummary?, nextCursor: String?) in
      try requirePlace(placeId)
      var sql = "SELECT id, stars, comment, created_at FROM rating WHERE place_id = ?"
      var values: [any DatabaseValueConvertible] = [placeId]
      if let after {
        guard try !database.query("SELECT 1 FROM rating WHERE id = ? AND place_id = ?", [after, placeId]).isEmpty
        else { throw BeaconError.invalidArgument(field: "cursor", message: .invalidCursor) }
        sql += " AND (created_at, id) < (SELECT created_at, id FROM rating WHERE id = ?)"
        values.append(after)
      }
      sql += " ORDER BY created_at DESC, id DESC"
      if let limit {
        sql += " LIMIT ?"
        values.append(limit + 1)  // One more tells whether there is a next page.
      }
      var ratings = try database.query(sql, values).map { row in
        Rating(
          id: row.int(0) ?? 0,
          placeId: placeId,
          stars: row.int(1) ?? 0,
          comment: row.string(2),
          createdAt: Date(timeIntervalSince1970: row.double(3) ?? 0)
        )
      }
      let nextCursor = RatingPage.cut(&ratings, limit: limit, id: \.id)
      let totals = try ratingTotals(placeId)
      return (ratings, RatingSummary(total: totals.stars, count: totals.count), nextCursor)
    }
  }

  /// Rating summaries for the places in `ids` that have ratings.
  package func ratingSummaries(for ids: [String]) throws(BeaconError) -> [String: RatingSummary] {
    guard !ids.isEmpty else { return [:] }
    return try storage {
      let rows = try database.query(
        """
        SELECT place_id, sum(stars), count(*) FROM rating
        WHERE place_id IN (SELECT value FROM json_each(?)) GROUP BY place_id
        """,
        [Self.jsonArray(ids)]
      )
      var summaries: [String: RatingSummary] = [:]
      for row in rows {
        if let id = row.string(0), let summary = RatingSummary(total: row.int(1) ?? 0, count: row.int(2) ?? 0) {
          summaries[id] = summary
        }
      }
      return summaries
    }
  }
}
