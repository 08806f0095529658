import BeaconCore
import Foundation

extension PostgresStore {
  package func addRatings(_ ratings: [NewRating], at date: Date = Date()) -> [Result<AddedRating, BeaconError>] {
    var results: [Result<AddedRating, BeaconError>] = ratings.map { rating in
      .failure(Store.validationError(rating) ?? .storeServer(message: .storageFailure, detail: "not stored"))
    }
    let valid = ratings.indices.filter { Store.validationError(ratings[$0]) == nil }
    guard !valid.isEmpty else { return results }
    do throws(BeaconError) {
      try run {
        try connection.transaction {
          for index in valid {
            let rating = ratings[index]
            guard try !connection.query("SELECT 1 FROM place WHERE id = $1", [rating.placeId]).isEmpty else {
              results[index] = .failure(.notFound(.place(rating.placeId)))
              continue
            }
            let comment = Store.storedComment(rating.comment)
            let inserted = try connection.query(
              """
              INSERT INTO rating (place_id, author, stars, comment, created_at) VALUES ($1, $2, $3, $4, $5)
              RETURNING id
              """,
              [rating.placeId, user, rating.stars, comment, date]
            )
            let totals = try ratingTotals(rating.placeId)
            guard let id = inserted.first?.int(0), let summary = RatingSummary(total: totals.stars, count: totals.count)
            else {
              throw BeaconError.storeServer(message: .storageFailure, detail: "the rating just added is missing")
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

  /// The sum of stars and the number of ratings of a place (everyone's), inside the current transaction.
  private func ratingTotals(_ placeId: String) throws -> (stars: Int, count: Int) {
    let row = try connection.query(
      "SELECT coalesce(sum(stars), 0), count(*) FROM rating WHERE place_id = $1",
      [placeId]
    ).first
    return (row?.int(0) ?? 0, row?.int(1) ?? 0)
  }

  /// A page of the place's ratings, everyone's, each with its ``Rating/author``.
  package func ratings(
    placeId: String,
    limit: Int? = nil,
    cursor: String? = nil
  ) throws(BeaconError) -> (ratings: [Rating], summary: RatingSummary?, nextCursor: String?) {
    let page = try authoredRatings(placeId: placeId, limit: limit, cursor: cursor)
    let ratings = page.ratings.map { authored in
      var rating = authored.rating
      rating.author = authored.author
      return rating
    }
    return (ratings, page.summary, page.nextCursor)
  }

  /// ``ratings(placeId:limit:cursor:)`` with each rating's author.
  package func authoredRatings(
    placeId: String,
    limit: Int? = nil,
    cursor: String? = nil
  ) throws(BeaconError) -> (ratings: [(author: String, rating: Rating)], summary: RatingSummary?, nextCursor: String?) {
    let after = try RatingPage.after(cursor)
    return try run { () throws -> ([(author: String, rating: Rating)], RatingSummary?, String?) in
      try connection.transaction {
        try requirePlace(placeId)
        var sql = "SELECT id, stars, comment, created_at, author FROM rating WHERE place_id = $1"
        var values: [(any PostgresBindable)?] = [placeId]
        if let after {
          guard try !connection.query("SELECT 1 FROM rating WHERE id = $1 AND place_id = $2", [after, placeId]).isEmpty
          else { throw BeaconError.invalidArgument(field: "cursor", message: .invalidCursor) }
          sql += " AND (created_at, id) < (SELECT created_at, id FROM rating WHERE id = $2)"
          values.append(after)
        }
        sql += " ORDER BY created_at DESC, id DESC"
        if let limit {
          sql += " LIMIT $\(values.count + 1)"
          values.append(limit + 1)  // One more tells whether there is a next page.
        }
        var ratings = try connection.query(sql, values).map { row in
          (
            author: row.string(4) ?? "",
            rating: Rating(
              id: row.int(0) ?? 0,
              placeId: placeId,
              stars: row.int(1) ?? 0,
              comment: row.string(2),
              createdAt: Date(timeIntervalSince1970: row.double(3) ?? 0)
            )
          )
        }
        let nextCursor = RatingPage.cut(&ratings, limit: limit, id: \.rating.id)
        let totals = try ratingTotals(placeId)
        return (ratings, RatingSummary(total: totals.stars, count: totals.count), nextCursor)
      }
    }
  }

  package func ratingSummaries(for ids: [String]) throws(BeaconError) -> [String: RatingSummary] {
    try summaries(for: ids, author: nil)
  }

  package func ownRatingSummaries(for ids: [String]) throws(BeaconError) -> [String: RatingSummary] {
    try summaries(for: ids, author: user)
  }

  /// Rating summaries for the places in `ids` that have ratings: everyone's, or `author`'s alone.
  private func summaries(for ids: [String], author: String?) throws(BeaconError) -> [String: RatingSummary] {
    guard !ids.isEmpty else { return [:] }
    let rows = try run {
      try connection.query(
        """
        SELECT place_id, sum(stars), count(*) FROM rating
        WHERE place_id = ANY($1::text[]) AND ($2::text IS NULL OR author = $2) GROUP BY place_id
        """,
        [PostgresArray(ids), author]
      )
    }
    var summaries: [String: RatingSummary] = [:]
    for row in rows {
      if let id = row.string(0), let summary = RatingSummary(total: row.int(1) ?? 0, count: row.int(2) ?? 0) {
        summaries[id] = summary
      }
    }
    return summaries
  }
}
