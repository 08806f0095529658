import BeaconCore
import Foundation
import JSONRPC

/// Every Beacon capability as an MCP tool, in the order `tools/list` gives them.
///
/// Schemas come from `Schemas/openrpc.json` (``MCPToolSchemas``); the text of results is the text the
/// command line prints (``HumanOutput``), with hints that name tools and arguments instead of options.
enum MCPToolCatalogue {
  static let tools: [MCPTool] = placeTools + routeTools + fruitTools + cryptoTools + peopleTools

  /// The places, ratings, favourites, settings and import tools.
  static let placeTools: [MCPTool] = [
    MCPTool(
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
        "center": "Stored as the new centre.",
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
    },
    MCPTool(
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
    .withFieldGroups(),
    MCPTool(
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
    .sharingArguments(["center"], with: "places_search"),
    MCPTool(
      ListRatingsRequest.self,
      name: "rating_list",
      title: .init(nb: "Vis vurderinger", nn: "Vis vurderingar", en: "List ratings"),
      description: """
        The user's own ratings of one place, newest first, with their average and count; pass \
        `nextCursor` as `cursor` for the next page.
        """,
      annotations: .init(readOnly: true, idempotent: true),
      arguments: [
        "cursor": "The previous page's `nextCursor`.",
        "limit": "",
        "placeId": "",
      ]
    ) { result, _, output in MCPToolText.ratings(result, output: output) },
    MCPTool(
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
    },
    MCPTool(
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
    ),
    MCPTool(
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
    },
    MCPTool(
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
    },
    MCPTool(
      GetSettingsRequest.self,
      name: "settings_get",
      title: .init(nb: "Vis innstillinger", nn: "Vis innstillingar", en: "Show settings"),
      description: """
        The user's settings, which places_search uses for every argument left out.
        """,
      annotations: .init(readOnly: true, idempotent: true)
    ) { result, _, output in output.settings(result) },
    MCPTool(
      UpdateSettingsRequest.self,
      name: "settings_update",
      title: .init(nb: "Endre innstillinger", nn: "Endre innstillingar", en: "Change settings"),
      description: """
        Change some of the user's settings; the rest stay. A new `locale` also changes Beacon's language; the other \
        values are as in places_search.
        """,
      annotations: .init(readOnly: false, idempotent: true),
      arguments: [
        "category": "",
        "center": "Where searches start.",
        "locale": "",
        "radiusMeters": "",
        "sort": "",
      ]
    ) { result, _, output in output.settings(result) }
    .sharingArguments(["category", "center", "radiusMeters", "sort"], with: "places_search"),
    MCPTool(
      ResetSettingsRequest.self,
      name: "settings_reset",
      title: .init(nb: "Tilbakestill innstillinger", nn: "Tilbakestill innstillingar", en: "Reset settings"),
      description: """
        Put every setting back to its default (Oslo S, 5000 m, restaurants, by distance, Bokmål).
        """,
      annotations: .init(readOnly: false, destructive: true, idempotent: true)
    ) { result, _, output in [output.text(.settingsReset)] + output.settings(result) },
    MCPTool(
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
    ) { result, _, output in output.importSummary((try? JSONValueEncoder().encode(result)) ?? .null) },
  ]

  /// The tool called `name`.
  static func tool(named name: String) -> MCPTool? {
    tools.first { $0.name == name }
  }
}
