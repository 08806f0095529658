import BeaconCore
import Foundation
import JSONRPC

extension BeaconServer {
  /// Pipelined `rating/add` requests: one transaction for the lot (group commit), each answered after the commit.
  func addRatings(_ requests: [AddRatingRequest]) async -> [Result<AddRatingRequest.Response, any Error>] {
    let ratings = requests.map { NewRating(placeId: $0.placeId, stars: $0.stars, comment: $0.comment) }
    let outcomes: [Result<AddedRating, BeaconError>]
    do {
      outcomes = try await run(.ratings) { (store: any UserDataStore) throws(BeaconError) in
        await store.addRatings(ratings, at: Date())
      }
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

  /// `favorites/list`: the favourites that match, with distances from the centre `places/search` would use.
  func favorites(_ request: ListFavoritesRequest) async throws -> ListFavoritesRequest.Response {
    if let center = request.center, !center.isValid {
      throw BeaconError.invalidArgument(field: "center", message: .invalidCoordinate).responseError(in: language)
    }
    let searchesOffline = searchesOffline
    let filters: PlaceFilters
    do throws(BeaconError) { filters = try request.filters() } catch { throw error.responseError(in: language) }
    return try await run(.favorites) { (store: any PlacesStore) throws(BeaconError) in
      let settings = try await store.settings()
      // The centre `places/search` would use, so both lists give the same distances.
      let center =
        if let center = request.center {
          DefaultCenter(center: center, source: "request")
        } else {
          try await store.defaultCenter(searchesOffline: searchesOffline, includesDemo: false)
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
      let found = try await store.filteredFavorites(query, within: nil, at: self.now)
      return ListFavoritesRequest.Response(
        places: found.places,
        center: center.center,
        centerSource: center.source,
        excludedUnknown: found.excludedUnknown
      )
    }
  }
}
