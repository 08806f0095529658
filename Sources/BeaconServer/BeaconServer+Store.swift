import BeaconCore
import JSONRPC

extension BeaconServer {
  /// Registers the ratings, favourites and settings methods.
  func registerStoreMethods() {
    dispatcher.register(AddRatingRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let (rating, summary) = try await withStore { store throws(BeaconError) in
        try await store.addRating(placeId: request.placeId, stars: request.stars, comment: request.comment)
      }
      return AddRatingRequest.Response(rating: rating, summary: summary)
    } group: { [weak self] requests in
      // Pipelined ratings: one transaction for the lot (group commit), each answered after the commit.
      guard let self else { return requests.map { _ in .failure(ResponseError.internalError) } }
      let ratings = requests.map { NewRating(placeId: $0.placeId, stars: $0.stars, comment: $0.comment) }
      let outcomes: [Result<AddedRating, BeaconError>]
      do {
        outcomes = try await withStore { store throws(BeaconError) in await store.addRatings(ratings) }
      } catch {
        return requests.map { _ in .failure(error) }
      }
      return outcomes.map { outcome in
        switch outcome {
        case .success(let added): .success(AddRatingRequest.Response(rating: added.rating, summary: added.summary))
        case .failure(let error): .failure(self.wireError(error))
        }
      }
    }
    dispatcher.register(ListRatingsRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      try self.validate(request.limit, in: 1...ListRatingsRequest.maxLimit, field: "limit")
      let page = try await withStore { store throws(BeaconError) in
        try await store.ratings(
          placeId: request.placeId,
          limit: request.limit ?? ListRatingsRequest.defaultLimit,
          cursor: request.cursor
        )
      }
      return ListRatingsRequest.Response(ratings: page.ratings, summary: page.summary, nextCursor: page.nextCursor)
    }
    dispatcher.register(AddFavoriteRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let (favorite, added) = try await withStore { store throws(BeaconError) in
        try await store.addFavorite(placeId: request.placeId, at: self.now)
      }
      return AddFavoriteRequest.Response(favorite: favorite, added: added)
    }
    dispatcher.register(RemoveFavoriteRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let removed = try await withStore { store throws(BeaconError) in
        try await store.removeFavorite(placeId: request.placeId)
      }
      return RemoveFavoriteRequest.Response(removed: removed)
    }
    dispatcher.register(ListFavoritesRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      if let center = request.center, !center.isValid {
        throw BeaconError.invalidArgument(field: "center", message: .invalidCoordinate).responseError(in: language)
      }
      let searchesOffline = searchesOffline
      let filters: PlaceFilters
      do throws(BeaconError) { filters = try request.filters() } catch { throw error.responseError(in: language) }
      return try await withStore { store throws(BeaconError) in
        let settings = try await store.settings()
        // The centre `places/search` would use, so both lists give the same distances.
        let center =
          if let center = request.center {
            DefaultCenter(center: center, source: "request")
          } else {
            try await store.defaultCenter(searchesOffline: searchesOffline)
          }
        let query = PlaceQuery(
          text: request.text,
          category: request.category,
          sort: request.sort ?? settings.sort,
          center: center.center,
          openNow: request.openNow ?? false,
          filters: filters,
          reachMeters: settings.radiusMeters
        )
        let found = try await store.filteredFavorites(query, at: self.now)
        return ListFavoritesRequest.Response(
          places: found.places,
          center: center.center,
          centerSource: center.source,
          excludedUnknown: found.excludedUnknown
        )
      }
    }
    dispatcher.register(GetSettingsRequest.self) { [weak self] _, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withStore { store throws(BeaconError) in try await store.settings() }
    }
    dispatcher.register(UpdateSettingsRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let settings = try await withStore { store throws(BeaconError) in try await store.updateSettings(request.update) }
      if let locale = request.update.locale, configuration?.isLanguageExplicit != true { setLanguage(locale) }
      return settings
    }
    dispatcher.register(ResetSettingsRequest.self) { [weak self] _, _ in
      guard let self else { throw ResponseError.internalError }
      let settings = try await withStore { store throws(BeaconError) in try await store.resetSettings() }
      if configuration?.isLanguageExplicit != true { setLanguage(settings.locale) }
      return settings
    }
  }
}
