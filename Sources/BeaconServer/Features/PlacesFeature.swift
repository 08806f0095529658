import BeaconCore
import Foundation
import JSONRPC

extension Feature.Name {
  /// The places feature's name, and its tool set's.
  package static let places = Self(rawValue: "places")
}

extension MCPToolSet {
  /// The tools of the places feature.
  package static let places = Self(.places)
}

extension Feature {
  /// Searching, details, autocomplete and import of places.
  package static let places = Feature(
    .places,
    toolSet: .standard,
    service: { placesService($0) },
    sharedShapes: ["PlaceSummary"]
  )

  /// `places/search`, `places/details` and `places/autocomplete`.
  static let placesMethods: [MethodDescriptor] = [
    MethodDescriptor(SearchPlacesRequest.self, feature: .places, tool: placesSearchTool) { server, request, context in
      try await server.search(request, context: context)
    },
    MethodDescriptor(PlaceDetailsRequest.self, feature: .places, tool: placesDetailsTool) { server, request, context in
      try await server.details(request, context: context)
    },
    MethodDescriptor(AutocompleteRequest.self, feature: .places, tool: placesAutocompleteTool) {
      server,
      request,
      context in
      try await server.autocomplete(request, context: context)
    },
  ]

  /// `places/import`, listed after the settings.
  static let importMethods: [MethodDescriptor] = [
    MethodDescriptor(ImportPlacesRequest.self, feature: .places, tool: placesImportTool) { server, request, context in
      try await server.importPlaces(request, context: context)
    }
  ]

  /// The places service: Geoapify with the configured key, or the store alone when offline.
  static func placesService(_ context: FeatureContext) -> PlacesService {
    placesService(store: context.store, configuration: context.configuration, options: context.options)
  }

  /// The places service on `store`, SQLite or PostgreSQL: one code path for searches, details, autocomplete and the
  /// cache on both.
  static func placesService(
    store: any PlacesStore,
    configuration: BeaconConfiguration,
    options: ServerOptions
  ) -> PlacesService {
    let client = GeoapifyClient(
      baseURL: configuration.geoapifyBaseURL,
      apiKey: configuration.geoapifyAPIKey,
      transport: URLSessionTransport(maxResponseBytes: options.maxUpstreamBytes)
    )
    return PlacesService(store: store, client: client, offline: configuration.offline, now: options.now)
  }

  private static let placesSearchTool = MCPTool(
    SearchPlacesRequest.self,
    name: "places_search",
    title: .init(nb: "Søk etter steder", nn: "Søk etter stader", en: "Search places"),
    description: """
      Restaurants, cafés or hotels near a point, nearest first (works offline); omitted arguments come from \
      settings. Each place has an `id` (for places_details, rating_add, favorites_add), distance, the user's \
      rating, `openNow` (null: unknown). Filters all hold; places unknown to one are counted in `excludedUnknown`.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true),
    arguments: [
      "center": "Not stored in settings.",
      "includeDemo": "Also the demo places, after imports.",
      "openNow": "Only places open now.",
      "nearMe": "Without `center`: search around the user's IP location.",
      "text": "Words the name must match.",
      "scope": "`favorites`: only the user's favourites.",
      "category": "",
      "radiusMeters": "",
      "sort": "",
      "refresh": "",
      "limit": "",
      "diet": "",
      "cuisine": "OSM values (pizza…).",
      "wheelchair": "`limited` or better.",
      "outdoorSeating": "",
      "takeaway": "",
      "openAt": "Local time, 2026-11-25T19:00.",
      "openFor": "Minutes open from openAt/now.",
      "minRating": "The user's average.",
    ]
  ) { result, _, output in output.search(result) }
  // `beacon mcp` never stores a search's centre (``ServerOptions/searchStoresCenter``).
  .ordered(.concurrent)
  .withDetailLevels()
  .reportingNothingFound { result, arguments in
    guard result["places"]?.arrayValue?.isEmpty == true else { return nil }
    var changes: [MCPText.Change] = []
    let maximum = Settings.radiusRange.upperBound
    if let radius = result["radiusMeters"]?.intValue, radius < maximum {
      changes.append(.widerRadius(maximum: maximum))
    }
    if arguments["text"]?.stringValue?.isEmpty == false { changes.append(.fewerWords) }
    if arguments["openNow"] == true { changes.append(.withoutOpenNow) }
    if result["scope"] == "favorites" { changes.append(.allPlaces) }
    return .nothingFound(changes + [.otherCategory, .otherCenter])
  }

  private static let placesDetailsTool = MCPTool(
    PlaceDetailsRequest.self,
    name: "places_details",
    title: .init(nb: "Detaljer om et sted", nn: "Detaljar om ein stad", en: "Place details"),
    description: """
      One place by `id`; `fields` picks groups: location (address, map links), hours (`openNow`, week), \
      contact (phone, web, e-mail), facilities, rating (user's, favourite).
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true),
    arguments: [
      "id": "",
      "refresh": "",
    ]
  ) { result, arguments, output in
    guard let groups = arguments[MCPPlaceFields.argument].flatMap(MCPPlaceFields.groups(from:)) else {
      return output.details(result)
    }
    return output.details(result) { MCPPlaceFields.keeps($0, groups: groups) }
  }
  .withFieldGroups()

  private static let placesAutocompleteTool = MCPTool(
    AutocompleteRequest.self,
    name: "places_autocomplete",
    title: .init(nb: "Forslag mens du skriver", nn: "Forslag medan du skriv", en: "Suggest as you type"),
    description: """
      Suggestions with coordinates for a partly typed place or address (a `location` can be places_search's \
      `center`; `center` is as there). Needs a Geoapify key.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true),
    arguments: [
      "center": "Nearest to this point first.",
      "limit": "",
      "text": "",
    ]
  ) { result, _, output in MCPToolText.suggestions(result.suggestions, output: output) }
  .sharingArguments(["center"], with: "places_search")

  private static let placesImportTool = MCPTool(
    ImportPlacesRequest.self,
    name: "places_import",
    title: .init(nb: "Importer steder", nn: "Importer stader", en: "Import places"),
    description: """
      Import an OpenStreetMap file (PBF, GeoJSON, Overpass JSON).
      """,
    annotations: .init(readOnly: false, destructive: true, idempotent: true),
    arguments: [
      "path": ""
    ]
  ) { result, _, output in output.importSummary((try? JSONValueEncoder().encode(result)) ?? .null) }
}
