import BeaconCore
import JSONRPC

extension Feature.Name {
  /// The routes feature's name, and its tool set's.
  package static let routes = Self(rawValue: "routes")
}

extension MCPToolSet {
  /// The tools of the routes feature.
  package static let routes = Self(.routes)
}

extension Feature {
  /// Searching for places along a route (not a default tool set: the default tool list has no room for it).
  package static let routes = Feature(
    .routes,
    toolSet: .optional,
    agentSummary: "a search for places along a route (places_search_along_route)"
  )

  /// `places/searchAlongRoute`, in its own tool set (``MCPToolSet/routes``): the default tool list has no room for it.
  static let routesMethods: [MethodDescriptor] = [
    MethodDescriptor(SearchAlongRouteRequest.self, feature: .routes, tool: placesSearchAlongRouteTool) {
      server,
      request,
      context in
      try await server.searchAlongRoute(request, context: context)
    }
  ]

  private static let placesSearchAlongRouteTool = MCPTool(
    SearchAlongRouteRequest.self,
    name: "places_search_along_route",
    title: .init(nb: "Søk langs en rute", nn: "Søk langs ei rute", en: "Search along a route"),
    description: """
      Restaurants, cafés or hotels within `corridorMeters` of a route, in route order (works offline). Each place \
      also has `alongRouteMeters` (from the start) and `detourMeters` (off the route). Other arguments and places \
      are as in places_search.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true),
    arguments: [
      "route": "GeoJSON LineString {type, coordinates: [[lon, lat], …]} or {polyline, precision: 5|6}.",
      "corridorMeters": "",
      "category": "",
      "sort": "",
      "limit": "",
      "refresh": "",
      "openNow": "",
      "includeDemo": "",
      "diet": "",
      "cuisine": "",
      "wheelchair": "",
      "outdoorSeating": "",
      "takeaway": "",
      "openAt": "",
      "openFor": "",
      "minRating": "",
    ]
  ) { result, _, output in output.route(result) }
  .withDetailLevels()
  .sharingArguments(
    [
      "category", "sort", "limit", "refresh", "openNow", "includeDemo", MCPDetailLevel.argument, "diet", "cuisine",
      "wheelchair", "outdoorSeating", "takeaway", "openAt", "openFor", "minRating",
    ],
    with: "places_search"
  )
}
