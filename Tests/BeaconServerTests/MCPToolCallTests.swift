import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// `tools/call` in-process: structured results that fit the output schema, text for models, failures as
/// `isError` results, progress, logging and cancellation.
@Suite struct MCPToolCallTests {
  /// A session that works offline from the demo data (no key).
  static func offlineClient(version: String = "2025-11-25", locale: String? = nil) async throws -> MCPTestClient {
    let client = MCPTestClient(options: .inMemory(flags: BeaconOptions(offline: true, locale: locale)))
    try await client.initialize(version: version)
    return client
  }

  /// Checks `result.structuredContent` against the tool's `outputSchema` from `tools/list`.
  static func expectConforms(_ result: JSONValue, to tool: String, in client: MCPTestClient) async throws {
    let definition = try #require(
      try await client.allTools(firstID: 5000).tools.first { $0["name"]?.stringValue == tool }
    )
    let schema = try #require(definition["outputSchema"])
    let structured = try #require(result["structuredContent"], "\(tool) has structuredContent")
    let violations = JSONSchemaValidator(root: schema).validate(structured, against: schema)
    #expect(violations.isEmpty, "\(tool): \(violations)")
  }

  @Test func aSearchReturnsTheMethodsJSONAndTheTextTheCommandLinePrints() async throws {
    let client = try await Self.offlineClient()
    let result = try await client.call("places_search", ["category": "cafe", "limit": 3, "detail": "full"], id: 1)
    #expect(result["isError"] == false)
    let places = try #require(result["structuredContent"]?["places"]?.arrayValue)
    #expect(places.count == 3)
    #expect(result["structuredContent"]?["centerSource"] == "demo")
    try await Self.expectConforms(result, to: "places_search", in: client)

    let text = try #require(result.toolText)
    for place in places {
      #expect(text.contains(try #require(place["name"]?.stringValue)))
      #expect(text.contains(try #require(place["id"]?.stringValue)), "the text names each id for the next call")
    }
    #expect(text.contains("'center'"), "the hint names the tool argument, not a command-line option: \(text)")
    #expect(!text.contains("--near"))

    // The same answer as the JSON-RPC method gives.
    let direct = try await client.server.beaconResult(SearchPlacesRequest.method, ["category": "cafe", "limit": 3])
    #expect(direct["places"] == .array(places))
  }

  @Test func listsAreBriefUnlessAskedForInFull() async throws {
    let client = try await Self.offlineClient()
    let brief = try await client.call("places_search", ["category": "cafe", "limit": 3], id: 1)
    let full = try await client.call("places_search", ["category": "cafe", "limit": 3, "detail": "full"], id: 2)
    let briefPlaces = try #require(brief["structuredContent"]?["places"]?.arrayValue)
    let fullPlaces = try #require(full["structuredContent"]?["places"]?.arrayValue)
    #expect(briefPlaces.count == 3 && fullPlaces.count == 3)
    for (short, long) in zip(briefPlaces, fullPlaces) {
      let keys = Set(short.objectValue?.keys.map { $0 } ?? [])
      #expect(keys.isSubset(of: ["id", "name", "category", "distanceMeters", "rating", "openNow", "address"]))
      #expect(keys.isSuperset(of: ["id", "name", "category", "distanceMeters", "rating", "openNow"]), "\(keys)")
      #expect(long["location"] != nil && long["isFavorite"] != nil && long["source"] != nil)
      #expect(short.objectValue?.allSatisfy { long[$0.key] == $0.value } == true, "brief is a cut of full")
    }
    #expect(brief["structuredContent"]?["centerSource"] == full["structuredContent"]?["centerSource"])
    #expect(brief.toolText == full.toolText, "the text is the same readable table")
    try await Self.expectConforms(brief, to: "places_search", in: client)
    #expect(JSONWriter.serialize(brief).count < JSONWriter.serialize(full).count)

    let id = try #require(briefPlaces.first?["id"])
    _ = try await client.call("favorites_add", ["placeId": id], id: 3)
    let favourites = try await client.call("favorites_list", [:], id: 4)
    #expect(favourites["structuredContent"]?["places"]?.arrayValue?.first?["isFavorite"] == nil)
    let fullFavourites = try await client.call("favorites_list", ["detail": "full"], id: 5)
    #expect(fullFavourites["structuredContent"]?["places"]?.arrayValue?.first?["isFavorite"] == true)
    try await Self.expectConforms(favourites, to: "favorites_list", in: client)

    let wrong = try await client.call("places_search", ["detail": "everything"], id: 6)
    #expect(wrong["isError"] == true)
    #expect(wrong.toolText == "'detail' må være 'brief' eller 'full'")
    let notHere = try await client.call("places_details", ["id": id, "detail": "brief"], id: 7)
    #expect(notHere["isError"] == true, "places_details has no detail argument")
  }

  @Test func aSearchThatFindsNothingIsAToolErrorSayingWhatToChange() async throws {
    let english = try await Self.offlineClient(locale: "en")
    let arguments: JSONValue = ["text": "zzzqqq", "openNow": true, "radiusMeters": 2000]
    let result = try await english.call("places_search", arguments, id: 1)
    #expect(result["isError"] == true)
    #expect(result["structuredContent"] == nil)
    let text = try #require(result.toolText)
    #expect(text.contains("Helsinki"), "where Beacon looked: \(text)")
    #expect(
      text.contains(
        "Nothing found with these arguments; try a larger 'radiusMeters' (at most 10000), fewer words in 'text', "
          + "no 'openNow', another 'category' or another 'center'"
      ),
      "\(text)"
    )
    #expect(text.hasSuffix("(ODbL)"), "the credit line stays last: \(text)")

    let favourites = try await english.call("places_search", ["scope": "favorites", "radiusMeters": 10000], id: 2)
    #expect(favourites["isError"] == true)
    #expect(favourites.toolText?.contains("try 'scope': 'all', another 'category' or another 'center'") == true)

    let bokmal = try await Self.offlineClient()
    let nothing = try await bokmal.call("places_search", ["text": "zzzqqq"], id: 3)
    #expect(nothing.toolText?.contains("Ingenting funnet med disse argumentene; prøv en større 'radiusMeters'") == true)
    let nynorsk = try await Self.offlineClient(locale: "nn")
    let ingenting = try await nynorsk.call("places_search", ["text": "zzzqqq"], id: 4)
    #expect(ingenting.toolText?.contains("Ingenting funne med desse argumenta; prøv ein større") == true)

    // A search that finds something is no error.
    let found = try await english.call("places_search", ["category": "cafe"], id: 5)
    #expect(found["isError"] == false)
  }

  @Test func rateFavouriteAndListThroughTools() async throws {
    let client = try await Self.offlineClient()
    let search = try await client.call("places_search", ["category": "restaurant", "limit": 1], id: 1)
    let id = try #require(search["structuredContent"]?["places"]?.arrayValue?.first?["id"])
    let name = try #require(search["structuredContent"]?["places"]?.arrayValue?.first?["name"]?.stringValue)

    let rated = try await client.call("rating_add", ["placeId": id, "stars": 4, "comment": "God pasta"], id: 2)
    #expect(rated["structuredContent"]?["summary"]?["count"] == 1)
    #expect(rated.toolText?.contains("4 av 5") == true, "\(rated)")
    try await Self.expectConforms(rated, to: "rating_add", in: client)

    let ratings = try await client.call("rating_list", ["placeId": id], id: 3)
    #expect(ratings.toolText?.contains("God pasta") == true)
    try await Self.expectConforms(ratings, to: "rating_list", in: client)

    let added = try await client.call("favorites_add", ["placeId": id], id: 4)
    #expect(added["structuredContent"]?["added"] == true)
    #expect(added.toolText?.contains(name) == true)
    let list = try await client.call("favorites_list", [:], id: 5)
    #expect(list["structuredContent"]?["places"]?.arrayValue?.map { $0["id"] } == [id])
    try await Self.expectConforms(list, to: "favorites_list", in: client)

    let details = try await client.call("places_details", ["id": id], id: 6)
    #expect(details["structuredContent"]?["place"]?["isFavorite"] == true)
    #expect(details.toolText?.contains(name) == true)
    try await Self.expectConforms(details, to: "places_details", in: client)

    let removed = try await client.call("favorites_remove", ["placeId": id], id: 7)
    #expect(removed["structuredContent"]?["removed"] == true)
    let empty = try await client.call("favorites_list", [:], id: 8)
    #expect(empty.toolText?.contains("favorites_add") == true, "the hint names the tool: \(empty)")

    let settings = try await client.call("settings_update", ["radiusMeters": 2000], id: 9)
    #expect(settings["structuredContent"]?["radiusMeters"] == 2000)
    try await Self.expectConforms(settings, to: "settings_update", in: client)
    let reset = try await client.call("settings_reset", [:], id: 10)
    #expect(reset["structuredContent"]?["radiusMeters"] == 5000)
  }

  @Test func badArgumentsAreToolErrorsAModelCanReadAndFix() async throws {
    let client = try await Self.offlineClient()
    let outOfRange = try await client.call("rating_add", ["placeId": "osm:node/1", "stars": 9], id: 1)
    #expect(outOfRange["isError"] == true)
    #expect(outOfRange["structuredContent"] == nil)
    #expect(outOfRange.toolText?.contains("9") == true, "\(outOfRange)")

    let missing = try await client.call("rating_add", ["placeId": "osm:node/1"], id: 2)
    #expect(missing["isError"] == true)
    #expect(missing.toolText?.contains("stars") == true, "\(missing)")

    let unknownArgument = try await client.call("places_search", ["categroy": "cafe"], id: 3)
    #expect(unknownArgument["isError"] == true)
    #expect(unknownArgument.toolText?.contains("categroy") == true)
    #expect(unknownArgument.toolText?.contains("category") == true, "the valid names are listed")

    let hidden = try await client.call("places_search", ["workDoneToken": "x"], id: 4)
    #expect(hidden["isError"] == true)

    let unknownPlace = try await client.call("places_details", ["id": "osm:node/0"], id: 5)
    #expect(unknownPlace["isError"] == true)

    let unknownTool = try await client.request("tools/call", id: 6, params: ["name": "places_serch", "arguments": [:]])
    #expect(unknownTool["error"]?["code"] == -32602)
    #expect(unknownTool["error"]?["message"]?.stringValue?.contains("places_serch") == true)
  }

  @Test func withoutAKeyAutocompleteSaysSoAsAToolError() async throws {
    let client = MCPTestClient(options: .inMemory())
    try await client.initialize()
    let result = try await client.call("places_autocomplete", ["text": "Karl Johans"], id: 1)
    #expect(result["isError"] == true)
    #expect(result.toolText?.contains("GEOAPIFY_API_KEY") == true, "\(result)")
  }

  @Test func olderClientsGetTheJSONAsTextInstead() async throws {
    let client = try await Self.offlineClient(version: "2025-03-26")
    let result = try await client.call("settings_get", [:], id: 1)
    #expect(result["structuredContent"] == nil)
    let blocks = result["content"]?.arrayValue ?? []
    #expect(blocks.count == 2)
    let json = try JSONParser.parse(Array((blocks.last?["text"]?.stringValue ?? "").utf8))
    #expect(json["radiusMeters"] == 5000)
  }

  @Test func aBatchOfA20250326ClientIsAnsweredAsOneArray() async throws {
    let client = try await Self.offlineClient(version: "2025-03-26")
    client.send([
      ["jsonrpc": "2.0", "id": 1, "method": "ping"],
      ["jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": ["name": "settings_get", "arguments": [:]]],
    ])
    let deadline = ContinuousClock.now + .seconds(900)  // A hang's deadline (see `MCPTestClient.response`).
    while ContinuousClock.now < deadline, !client.messages.contains(where: { $0.arrayValue != nil }) {
      try await Task.sleep(for: .milliseconds(2))
    }
    let answers = try #require(client.messages.compactMap(\.arrayValue).first)
    #expect(answers.compactMap { $0["id"]?.intValue }.sorted() == [1, 2])
    #expect(answers.first { $0["id"] == 2 }?["result"]?["isError"] == false)
  }

  @Test func textIsInTheSessionsLanguage() async throws {
    let client = try await Self.offlineClient(locale: "en")
    let result = try await client.call("rating_add", ["placeId": "osm:node/1", "stars": 0], id: 1)
    #expect(result["isError"] == true)
    let text = try #require(result.toolText)
    let norwegian = try await Self.offlineClient().call("rating_add", ["placeId": "osm:node/1", "stars": 0], id: 1)
    #expect(text != norwegian.toolText)
  }

  @Test func anImportReportsIncreasingProgressBeforeItsResult() async throws {
    let directory = try ImportMethodTests.Directory()
    let path = try directory.write(ImportMethodTests.extract, to: "oslo.geojson")
    let client = try await Self.offlineClient()
    let result = try await client.call("places_import", ["path": .string(path)], id: 1, progressToken: "imp")
    #expect(result["structuredContent"]?["total"] == 7)
    #expect(result.toolText?.contains("7") == true)

    let messages = client.messages
    let progress = messages.filter { $0["method"] == "notifications/progress" }
    #expect(progress.count >= 2)
    #expect(progress.allSatisfy { $0["params"]?["progressToken"] == "imp" && $0["params"]?["total"] == 100 })
    let values = progress.compactMap { $0["params"]?["progress"]?.intValue }
    #expect(values == values.sorted() && Set(values).count == values.count, "strictly increasing: \(values)")
    #expect(values.last == 100)
    let answerIndex = try #require(messages.firstIndex { $0["id"] == 1 })
    let lastProgress = try #require(messages.lastIndex { $0["method"] == "notifications/progress" })
    #expect(lastProgress < answerIndex)

    // Without a token, no progress.
    _ = try await client.call("places_import", ["path": .string(path)], id: 2)
    #expect(client.notifications("notifications/progress").count == progress.count)
  }

  /// LSP's `end` also ends a failed import's progress; MCP's progress then stops short of 100, which would say the
  /// import was done.
  @Test func aFailedImportsProgressNeverReaches100() async throws {
    let directory = try ImportMethodTests.Directory()
    let path = try directory.write(ImportMethodTests.extract + "\n{ \"type\": ", to: "oslo.geojson")
    let client = try await Self.offlineClient()
    let result = try await client.call("places_import", ["path": .string(path)], id: 1, progressToken: "imp")
    #expect(result["isError"] == true)
    let progress = client.notifications("notifications/progress")
    #expect(!progress.isEmpty, "the import began")
    #expect(!progress.contains { $0["params"]?["progress"] == 100 }, "\(progress)")
  }

  @Test func warningsBecomeLogMessagesAtOrAboveTheChosenLevel() async throws {
    let client = MCPTestClient(options: .inMemory(flags: BeaconOptions(locale: "de")))
    try await client.initialize()
    let messages = client.notifications("notifications/message")
    #expect(messages.count == 1)
    #expect(messages.first?["params"]?["level"] == "warning")
    #expect(messages.first?["params"]?["data"]?.stringValue?.contains("de") == true)
    #expect(try await client.request("logging/setLevel", id: 1, params: ["level": "error"])["result"] == [:])
    #expect(try await client.request("logging/setLevel", id: 2, params: ["level": "loud"])["error"]?["code"] == -32602)
  }
}

extension MCPServer {
  /// The result of the JSON-RPC `method`, straight from the Beacon session behind the tools.
  func beaconResult(_ method: String, _ params: JSONValue) async throws -> JSONValue {
    try await client.call(method, params: params).get()
  }
}

extension MCPToolCallTests {
  @Test func placeDetailsGivesOnlyTheGroupsAskedFor() async throws {
    let client = try await Self.offlineClient(locale: "en")
    let search = try await client.call("places_search", ["category": "cafe", "limit": 1], id: 1)
    let id = try #require(search["structuredContent"]?["places"]?.arrayValue?.first?["id"])
    let all = try await client.call("places_details", ["id": id], id: 2)
    let full = try #require(all["structuredContent"]?["place"]?.objectValue)
    #expect(full["links"] != nil && full["isFavorite"] != nil && full["location"] != nil)

    let some = try await client.call("places_details", ["id": id, "fields": ["rating", "location"]], id: 3)
    #expect(some["isError"] == false)
    let place = try #require(some["structuredContent"]?["place"]?.objectValue)
    let expected: Set<String> = ["id", "name", "category", "rating", "isFavorite", "address", "location", "links"]
    #expect(Set(place.keys) == expected.intersection(full.keys), "\(place.keys)")
    #expect(place.allSatisfy { full[$0.key] == $0.value }, "a cut of the full place")
    #expect(some["structuredContent"]?["attribution"] == all["structuredContent"]?["attribution"])
    try await Self.expectConforms(some, to: "places_details", in: client)

    let text = try #require(some.toolText)
    #expect(text.contains("Favourite:") && text.contains("Apple Maps:") && text.contains("Name:"), "\(text)")
    #expect(!text.contains("Website:") && !text.contains("Cuisine:"), "\(text)")
    let allText = try #require(all.toolText)
    #expect(allText.contains("Website:") && allText.contains("Cuisine:"), "the full text has what the cut leaves out")

    let none = try await client.call("places_details", ["id": id, "fields": []], id: 4)
    #expect(Set(none["structuredContent"]?["place"]?.objectValue?.keys.map { $0 } ?? []) == ["id", "name", "category"])

    for (index, bad) in ([["hours", "menu"], "hours"] as [JSONValue]).enumerated() {
      let wrong = try await client.call("places_details", ["id": id, "fields": bad], id: 5 + index)
      #expect(wrong["isError"] == true)
      #expect(wrong.toolText == "'fields' must be a list of some of location, hours, contact, facilities, rating")
    }
  }
}
