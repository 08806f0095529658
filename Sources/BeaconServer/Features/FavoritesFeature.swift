import BeaconCore
import JSONRPC

extension Feature.Name {
  /// The favorites feature's name, and its tool set's.
  package static let favorites = Self(rawValue: "favorites")
}

extension MCPToolSet {
  /// The tools of the favorites feature.
  package static let favorites = Self(.favorites)
}

extension Feature {
  /// The user's favourite places ("Mine steder").
  package static let favorites = Feature(
    .favorites,
    toolSet: .standard,
    service: { $0.store }
  )

  /// `favorites/list`, `favorites/status`, `favorites/add` and `favorites/remove`.
  static let favoritesMethods: [MethodDescriptor] = [
    MethodDescriptor(ListFavoritesRequest.self, feature: .favorites, tool: favoritesListTool) { server, request, _ in
      try await server.favorites(request)
    },
    MethodDescriptor(FavoriteStatusRequest.self, feature: .favorites, tool: favoritesStatusTool) { server, request, _ in
      let ids = request.placeIds
      try server.validate(ids.count, in: FavoriteStatusRequest.placeIdsRange, field: "placeIds")
      let favorites = try await server.run(.favorites) { (store: any UserDataStore) throws(BeaconError) in
        try await store.favoriteIDs(among: ids)
      }
      return FavoriteStatusRequest.Response(statuses: ids.map { .init(placeId: $0, favorite: favorites.contains($0)) })
    },
    MethodDescriptor(AddFavoriteRequest.self, feature: .favorites, tool: favoritesAddTool) { server, request, _ in
      let (favorite, added) = try await server.run(.favorites) { (store: any UserDataStore) throws(BeaconError) in
        try await store.addFavorite(placeId: request.placeId, at: server.now)
      }
      return AddFavoriteRequest.Response(favorite: favorite, added: added)
    },
    MethodDescriptor(RemoveFavoriteRequest.self, feature: .favorites, tool: favoritesRemoveTool) { server, request, _ in
      let removed = try await server.run(.favorites) { (store: any UserDataStore) throws(BeaconError) in
        try await store.removeFavorite(placeId: request.placeId)
      }
      return RemoveFavoriteRequest.Response(removed: removed)
    },
  ]

  private static let favoritesListTool = MCPTool(
    ListFavoritesRequest.self,
    name: "favorites_list",
    title: .init(nb: "Mine steder", nn: "Mine stader", en: "My places"),
    description: """
      The user's favourite places ("Mine steder"), nearest first; works offline. Arguments without a schema \
      here, filters (`openNow` too) and places are as in places_search.
      """,
    annotations: .init(readOnly: true, idempotent: true),
    arguments: [
      "category": "",
      "center": "Measure distances from here.",
      "openNow": "Only favourites open now.",
      "sort": "",
      "text": "Words to match in name, address or cuisine.",
      "diet": "",
      "cuisine": "",
      "wheelchair": "",
      "outdoorSeating": "",
      "takeaway": "",
      "openAt": "",
      "openFor": "",
      "minRating": "",
    ]
  ) { result, arguments, output in output.favorites(result, openOnly: arguments["openNow"] == true) }
  .withDetailLevels()
  .sharingArguments(
    [
      "category", "center", "sort", MCPDetailLevel.argument, "diet", "cuisine", "wheelchair", "outdoorSeating",
      "takeaway", "openAt", "openFor", "minRating",
    ],
    with: "places_search"
  )

  private static let favoritesStatusTool = MCPTool(
    FavoriteStatusRequest.self,
    name: "favorites_status",
    title: .init(nb: "Favoritt eller ikke", nn: "Favoritt eller ikkje", en: "Favourite or not"),
    description: """
      Which of up to 100 places (`placeIds`, ids as in places_search) are the user's favourites; an unknown id is not.
      """,
    annotations: .init(readOnly: true, idempotent: true),
    arguments: [
      "placeIds": ""
    ]
  ) { result, _, output in
    result.statuses.map { status in
      let answer = status.favorite ? "♥ " + output.text(.yes) : output.text(.no)
      return "\(HumanOutput.singleLine(status.placeId)) · \(output.text(.labelFavorite)): \(answer)"
    }
  }
  .outsideTheDefaultList()

  private static let favoritesAddTool = MCPTool(
    AddFavoriteRequest.self,
    name: "favorites_add",
    title: .init(nb: "Legg til favoritt", nn: "Legg til favoritt", en: "Add favourite"),
    description: """
      Make a place (by `id`) one of the user's favourites; adding it twice changes nothing.
      """,
    annotations: .init(readOnly: false, idempotent: true),
    arguments: [
      "placeId": ""
    ]
  ) { result, _, output in
    let name = HumanOutput.singleLine(result.favorite.name)
    return [output.text(result.added ? .favoriteAdded(name) : .favoriteAlreadyThere(name))]
  }

  private static let favoritesRemoveTool = MCPTool(
    RemoveFavoriteRequest.self,
    name: "favorites_remove",
    title: .init(nb: "Fjern favoritt", nn: "Fjern favoritt", en: "Remove favourite"),
    description: """
      Remove a place (by `id`) from the user's favourites; its ratings stay.
      """,
    annotations: .init(readOnly: false, destructive: true, idempotent: true),
    arguments: [
      "placeId": ""
    ]
  ) { result, arguments, output in
    let id = HumanOutput.singleLine(arguments["placeId"]?.stringValue ?? "")
    return [output.text(result.removed ? .favoriteRemoved(id) : .favoriteNotThere(id))]
  }
}
