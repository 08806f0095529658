import BeaconCore
import JSONRPC

/// `beacon search`: `places/search` shown as a table, JSON or GeoJSON.
package enum SearchCommand {
  package static func run(_ search: SearchOptions, options: ServerOptions, logger: Logger) async -> Int32 {
    return await CommandSession.run(options: options, logger: logger) { session in
      guard let result = await session.call(SearchPlacesRequest.method, params(search)) else { return 1 }
      switch search.format {
      case .json:
        StandardOutput.writeJSON(result)
      case .geojson:
        StandardOutput.writeJSON(GeoJSONOutput.featureCollection(places: result["places"]?.arrayValue ?? []))
      case .human:
        guard let lines = session.text(of: SearchPlacesRequest.method, result, params(search)) else { return 1 }
        StandardOutput.write(lines)
      }
      return 0
    }
  }

  /// The `places/search` params: only what the command line gave, so the rest comes from the settings.
  static func params(_ search: SearchOptions) -> JSONValue {
    var params: [String: JSONValue] = [:]
    if let category = search.category { params["category"] = .string(category.rawValue) }
    if let center = search.center { params["center"] = ["lat": .double(center.lat), "lon": .double(center.lon)] }
    if let radius = search.radiusMeters { params["radiusMeters"] = .int(radius) }
    if let text = search.text { params["text"] = .string(text) }
    if let sort = search.sort { params["sort"] = .string(sort.rawValue) }
    if search.favoritesOnly { params["scope"] = .string(SearchScope.favorites.rawValue) }
    if let limit = search.limit { params["limit"] = .int(limit) }
    if search.refresh { params["refresh"] = true }
    if search.openNow { params["openNow"] = true }
    if search.includeDemo { params["includeDemo"] = true }
    params.merge(search.filters) { _, filter in filter }
    return .object(params)
  }
}

/// `beacon favorites`: list, add and remove favourites.
package enum FavoritesCommand {
  package static func run(
    _ action: CommandLineArguments.FavoritesAction,
    format: OutputFormat,
    options: ServerOptions,
    logger: Logger
  ) async -> Int32 {
    return await CommandSession.run(options: options, logger: logger) { session in
      switch action {
      case .list(let openNow, let filters):
        var params = filters
        if openNow { params["openNow"] = true }
        guard let result = await session.call(ListFavoritesRequest.method, .object(params)) else { return 1 }
        switch format {
        case .json:
          StandardOutput.writeJSON(result)
        case .geojson:
          StandardOutput.writeJSON(GeoJSONOutput.featureCollection(places: result["places"]?.arrayValue ?? []))
        case .human:
          guard let lines = session.text(of: ListFavoritesRequest.method, result, .object(params)) else { return 1 }
          StandardOutput.write(lines)
        }
      case .add(let id):
        guard let result = await session.call(AddFavoriteRequest.method, ["placeId": .string(id)]) else { return 1 }
        if format == .json {
          StandardOutput.writeJSON(result)
        } else {
          guard let lines = session.text(of: AddFavoriteRequest.method, result, ["placeId": .string(id)]) else {
            return 1
          }
          StandardOutput.write(lines)
        }
      case .remove(let id):
        // The name, for the confirmation; the list is local, so this costs no network call.
        let favorites = await session.client.call(ListFavoritesRequest.method, params: [:])
        let name = (try? favorites.get())?["places"]?.arrayValue?.first { $0["id"]?.stringValue == id }?["name"]?
          .stringValue
        let shown = HumanOutput.singleLine(name ?? id)
        guard let result = await session.call(RemoveFavoriteRequest.method, ["placeId": .string(id)]) else { return 1 }
        if format == .json {
          StandardOutput.writeJSON(result)
        } else {
          let removed = result["removed"]?.boolValue ?? false
          StandardOutput.write([session.output.text(removed ? .favoriteRemoved(shown) : .favoriteNotThere(shown))])
        }
      }
      return 0
    }
  }
}
