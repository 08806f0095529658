import BeaconCore
import Foundation
import JSONRPC

/// Every Beacon capability as an MCP tool, in the order `tools/list` gives them.
///
/// Schemas come from `Schemas/openrpc.json` (``MCPToolSchemas``); the text of results is the text the
/// command line prints (``HumanOutput``), with hints that name tools and arguments instead of options.
enum MCPToolCatalogue {
  static let tools: [MCPTool] = placeTools + fruitTools + cryptoTools + peopleTools

  /// The places, ratings, favourites, settings and import tools.
  static let placeTools: [MCPTool] = [
    MCPTool(
      SearchPlacesRequest.self,
      name: "places_search",
      title: .init(nb: "Søk etter steder", nn: "Søk etter stader", en: "Search places"),
      description: """
        Find restaurants, cafés or hotels around a point, nearest first by default. Every argument is optional: \
        without `center` Beacon searches around the user's stored centre (else the centre of the places the user \
        imported, else the offline demo area in Helsinki; `centerSource` says which), and category, radius and sort default to the user's stored settings. Works offline from the \
        local store when Geoapify cannot be reached. Each place has an `id` for places_details, rating_add and \
        favorites_add, its distance in metres, the user's own star rating, whether it is a favourite, and \
        `openNow` (true, false, or null when its opening hours are unknown) with `closesAt` or `opensAt` in the \
        place's local time. `openNow: true` returns only places open right now (`limit` then counts open \
        places). `scope: "favorites"` searches only the user's favourites. An explicit `center` becomes the \
        stored centre.
        """,
      annotations: .init(readOnly: true, idempotent: true, openWorld: true)
    ) { result, _, output in output.search(result) },
    MCPTool(
      PlaceDetailsRequest.self,
      name: "places_details",
      title: .init(nb: "Detaljer om et sted", nn: "Detaljar om ein stad", en: "Place details"),
      description: """
        Everything Beacon knows about one place, by the `id` from places_search or favorites_list: address, \
        opening hours (`openingHours`: the raw OpenStreetMap value, `openNow`, `closesAt` or `opensAt` in the \
        place's local time, and this week's hours day by day), phone, website, e-mail, cuisine, the user's \
        rating and favourite status, and links that open the place in Apple Maps, a geo: app or \
        OpenStreetMap. Cached for 7 days; `refresh: true` asks Geoapify again.
        """,
      annotations: .init(readOnly: true, idempotent: true, openWorld: true)
    ) { result, _, output in output.details(result) },
    MCPTool(
      AutocompleteRequest.self,
      name: "places_autocomplete",
      title: .init(nb: "Forslag mens du skriver", nn: "Forslag medan du skriv", en: "Suggest as you type"),
      description: """
        Complete a partly typed place or address (at least 3 characters) into up to 20 suggestions with \
        coordinates, nearest to `center` first when given. Needs a Geoapify API key. Use a suggestion's \
        `location` as the `center` of places_search to search around it.
        """,
      annotations: .init(readOnly: true, idempotent: true, openWorld: true)
    ) { result, _, output in MCPToolText.suggestions(result.suggestions, output: output) },
    MCPTool(
      ListRatingsRequest.self,
      name: "rating_list",
      title: .init(nb: "Vis vurderinger", nn: "Vis vurderingar", en: "List ratings"),
      description: """
        The user's own ratings of one place (newest first, at most `limit`, default 100) with the average and \
        count of all of them; when there are more, pass the result's `nextCursor` as `cursor` for the next page.
        """,
      annotations: .init(readOnly: true, idempotent: true)
    ) { result, _, output in MCPToolText.ratings(result, output: output) },
    MCPTool(
      AddRatingRequest.self,
      name: "rating_add",
      title: .init(nb: "Gi vurdering", nn: "Gi vurdering", en: "Rate a place"),
      description: """
        Store the user's rating of a place: 1 to 5 stars and an optional comment (at most 2000 characters). \
        Every call adds a new rating; the place's average is returned. Only rate when the user asked to.
        """,
      annotations: .init(readOnly: false)
    ) { result, _, output in
      [output.text(.ratingSaved(stars: result.rating.stars, summary: output.rating(result.summary)))]
    },
    MCPTool(
      ListFavoritesRequest.self,
      name: "favorites_list",
      title: .init(nb: "Mine steder", nn: "Mine stader", en: "My places"),
      description: """
        The user's favourite places ("Mine steder"), nearest to `center` (or the centre places_search would use, \
        named in `center` and `centerSource`) first, \
        optionally filtered by `text` and `category`; `openNow: true` lists only those open right now. Each \
        carries `openNow` like places_search. Works offline.
        """,
      annotations: .init(readOnly: true, idempotent: true)
    ) { result, arguments, output in output.favorites(result, openOnly: arguments["openNow"] == true) },
    MCPTool(
      AddFavoriteRequest.self,
      name: "favorites_add",
      title: .init(nb: "Legg til favoritt", nn: "Legg til favoritt", en: "Add favourite"),
      description: """
        Mark a place (by its `id`) as one of the user's favourites. Adding a favourite twice changes nothing.
        """,
      annotations: .init(readOnly: false, idempotent: true)
    ) { result, _, output in
      let name = HumanOutput.singleLine(result.favorite.name)
      return [output.text(result.added ? .favoriteAdded(name) : .favoriteAlreadyThere(name))]
    },
    MCPTool(
      RemoveFavoriteRequest.self,
      name: "favorites_remove",
      title: .init(nb: "Fjern favoritt", nn: "Fjern favoritt", en: "Remove favourite"),
      description: """
        Remove a place (by its `id`) from the user's favourites. Its ratings stay. Removing a place that is not \
        a favourite changes nothing.
        """,
      annotations: .init(readOnly: false, destructive: true, idempotent: true)
    ) { result, arguments, output in
      let id = HumanOutput.singleLine(arguments["placeId"]?.stringValue ?? "")
      return [output.text(result.removed ? .favoriteRemoved(id) : .favoriteNotThere(id))]
    },
    MCPTool(
      GetSettingsRequest.self,
      name: "settings_get",
      title: .init(nb: "Vis innstillinger", nn: "Vis innstillingar", en: "Show settings"),
      description: """
        The user's stored settings: search centre, radius in metres (1000–10000), category, sort order and \
        language (nb, nn or en). places_search uses them for every argument left out.
        """,
      annotations: .init(readOnly: true, idempotent: true)
    ) { result, _, output in output.settings(result) },
    MCPTool(
      UpdateSettingsRequest.self,
      name: "settings_update",
      title: .init(nb: "Endre innstillinger", nn: "Endre innstillingar", en: "Change settings"),
      description: """
        Change some of the user's stored settings; fields left out stay as they are. A new `locale` (nb, nn or \
        en) also changes the language of Beacon's messages.
        """,
      annotations: .init(readOnly: false, idempotent: true)
    ) { result, _, output in output.settings(result) },
    MCPTool(
      ResetSettingsRequest.self,
      name: "settings_reset",
      title: .init(nb: "Tilbakestill innstillinger", nn: "Tilbakestill innstillingar", en: "Reset settings"),
      description: """
        Put every setting back to its default (Oslo S, 5000 m, restaurants, by distance, Norwegian Bokmål). \
        Favourites and ratings stay.
        """,
      annotations: .init(readOnly: false, destructive: true, idempotent: true)
    ) { result, _, output in [output.text(.settingsReset)] + output.settings(result) },
    MCPTool(
      ImportPlacesRequest.self,
      name: "places_import",
      title: .init(nb: "Importer steder", nn: "Importer stader", en: "Import places"),
      description: """
        Import restaurants, cafés and hotels from an OpenStreetMap export on this machine (absolute `path`): \
        GeoJSON or GeoJSONSeq from `osmium export` (best with `-a type,id`), or Overpass JSON (`[out:json]` \
        with `out center;`), into the local store, so that they can be searched offline. Importing the same \
        file again updates the same places. A file with nothing to import is an error. Reports progress when \
        the call has a progress token.
        """,
      annotations: .init(readOnly: false, idempotent: true)
    ) { result, _, output in output.importSummary((try? JSONValueEncoder().encode(result)) ?? .null) },
  ]

  /// The tool called `name`.
  static func tool(named name: String) -> MCPTool? {
    tools.first { $0.name == name }
  }
}
