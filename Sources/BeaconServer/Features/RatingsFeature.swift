import BeaconCore
import JSONRPC

extension Feature.Name {
  /// The ratings feature's name, and its tool set's.
  package static let ratings = Self(rawValue: "ratings")
}

extension MCPToolSet {
  /// The tools of the ratings feature.
  package static let ratings = Self(.ratings)
}

extension Feature {
  /// The user's star ratings.
  package static let ratings = Feature(
    .ratings,
    toolSet: .standard,
    service: { $0.store },
    sharedShapes: ["RatingSummary", "Rating"]
  )

  /// `rating/list`, `rating/summary` and `rating/add`.
  static let ratingsMethods: [MethodDescriptor] = [
    MethodDescriptor(ListRatingsRequest.self, feature: .ratings, tool: ratingListTool) { server, request, _ in
      try server.validate(request.limit, in: 1...ListRatingsRequest.maxLimit, field: "limit")
      let page = try await server.run(.ratings) { (store: any UserDataStore) throws(BeaconError) in
        try await store.ratings(
          placeId: request.placeId,
          limit: request.limit ?? ListRatingsRequest.defaultLimit,
          cursor: request.cursor
        )
      }
      return ListRatingsRequest.Response(ratings: page.ratings, summary: page.summary, nextCursor: page.nextCursor)
    },
    MethodDescriptor(RatingSummaryRequest.self, feature: .ratings, tool: ratingSummaryTool) { server, request, _ in
      let ids = request.placeIds
      try server.validate(ids.count, in: RatingSummaryRequest.placeIdsRange, field: "placeIds")
      let shared = server.sharedStore != nil
      let (found, own) = try await server.run(.ratings) { (store: any UserDataStore) throws(BeaconError) in
        // On a shared store the caller's own ratings come too (a SQLite store's are all the caller's).
        (try await store.ratingSummaries(for: ids), shared ? try await store.ownRatingSummaries(for: ids) : nil)
      }
      return RatingSummaryRequest.Response(
        summaries: ids.map { id in
          .init(
            placeId: id,
            average: found[id]?.average,
            count: found[id]?.count ?? 0,
            own: own.map { $0[id] }
          )
        }
      )
    },
    MethodDescriptor(AddRatingRequest.self, feature: .ratings, tool: ratingAddTool) { server in
      server.dispatcher.register(AddRatingRequest.self) { [weak server] request, _ in
        guard let server else { throw ResponseError.internalError }
        let (rating, summary) = try await server.run(.ratings) { (store: any UserDataStore) throws(BeaconError) in
          try await store.addRating(placeId: request.placeId, stars: request.stars, comment: request.comment)
        }
        return AddRatingRequest.Response(rating: rating, summary: summary)
      } group: { [weak server] requests in
        guard let server else { return requests.map { _ in .failure(ResponseError.internalError) } }
        return await server.addRatings(requests)
      }
    },
  ]

  private static let ratingListTool = MCPTool(
    ListRatingsRequest.self,
    name: "rating_list",
    title: .init(nb: "Vis vurderinger", nn: "Vis vurderingar", en: "List ratings"),
    description: """
      A place's ratings, newest first, with their average and count: the user's own, or on a shared \
      PostgreSQL store everyone's, each with its `author`.
      """,
    annotations: .init(readOnly: true, idempotent: true),
    arguments: [
      "cursor": "The previous page's `nextCursor`.",
      "limit": "",
      "placeId": "",
    ]
  ) { result, _, output in MCPToolText.ratings(result, output: output) }

  private static let ratingAddTool = MCPTool(
    AddRatingRequest.self,
    name: "rating_add",
    title: .init(nb: "Gi vurdering", nn: "Gi vurdering", en: "Rate a place"),
    description: """
      Add the user's rating of a place (1 to 5 stars, optional comment); returns the new average. Only \
      rate when the user asked to.
      """,
    annotations: .init(readOnly: false),
    arguments: [
      "comment": "",
      "placeId": "",
      "stars": "",
    ]
  ) { result, _, output in
    [output.text(.ratingSaved(stars: result.rating.stars, summary: output.rating(result.summary)))]
  }

  private static let ratingSummaryTool = MCPTool(
    RatingSummaryRequest.self,
    name: "rating_summary",
    title: .init(
      nb: "Vurderinger av flere steder",
      nn: "Vurderingar av fleire stader",
      en: "Ratings of several places"
    ),
    description: """
      The average rating and count for up to 100 places at once (`placeIds`); no ratings: count 0.
      """,
    annotations: .init(readOnly: true, idempotent: true),
    arguments: [
      "placeIds": ""
    ]
  ) { result, _, output in
    // As a place's rating shows everywhere else: `★ 4,5 (2)`.
    result.summaries.map { summary in
      let rating = summary.average.map { "★ \(output.decimal($0)) (\(summary.count))" } ?? output.text(.noRatings)
      return "\(HumanOutput.singleLine(summary.placeId)) · \(rating)"
    }
  }
  // The default tool list is held to its budget without it.
  .outsideTheDefaultList()
}
