import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon serve` finding places through a loopback fake Geoapify, configured by the environment.
extension EndToEnd {
  @Suite struct PlacesEndToEndTests {
    static let apiKey = "sk-E2E-SECRET-9f3a"

    /// A fake Geoapify answering by path with the Oslo fixtures.
    static func fakeGeoapify() throws -> LoopbackHTTPServer {
      try GeoapifyFixtures.server()
    }

    /// Starts `beacon serve` pointed at `server` and initializes it.
    static func start(_ server: LoopbackHTTPServer, environment: [String: String?] = [:]) throws -> BeaconProcess {
      var variables: [String: String?] = [
        "GEOAPIFY_API_KEY": apiKey,
        "BEACON_GEOAPIFY_URL": server.baseURL.absoluteString,
      ]
      variables.merge(environment) { _, new in new }
      let beacon = try BeaconProcess(environment: variables)
      let result = try beacon.initialize()
      #expect(result["configuration"]?["geoapifyAPIKeyConfigured"] == true)
      return beacon
    }

    /// Sends a request and returns its result, failing with the error it got instead.
    static func call(_ beacon: BeaconProcess, _ method: String, id: Int, params: JSONValue? = nil) throws -> JSONValue {
      beacon.request(method, id: .int(id), params: params)
      let answer = try beacon.response(id: .int(id))
      guard let result = answer["result"] else { throw HarnessError("\(method) failed: \(answer)") }
      return result
    }

    /// The place with `id` among a search result's places.
    static func place(_ id: String, in result: JSONValue) -> JSONValue? {
      result["places"]?.arrayValue?.first { $0["id"]?.stringValue == id }
    }

    @Test func ratingAndFavoriteShowUpInTheNextSearch() throws {
      let server = try Self.fakeGeoapify()
      let beacon = try Self.start(server)
      let id = GeoapifyFixtures.detailsRestaurantID

      let first = try Self.call(beacon, "places/search", id: 1)
      #expect(first["source"] == "live")
      let before = try #require(Self.place(id, in: first), "Bryggehallen Matsal is among the results")
      #expect(before["name"] == "Bryggehallen Matsal")
      #expect(before["rating"] == .null)
      #expect(before["isFavorite"] == false)

      let details = try Self.call(beacon, "places/details", id: 2, params: ["id": .string(id)])
      #expect(details["place"]?["phone"] == "+4723108840")
      let rated = try Self.call(beacon, "rating/add", id: 3, params: ["placeId": .string(id), "stars": 4])
      #expect(rated["summary"]?["count"] == 1)
      let favorite = try Self.call(beacon, "favorites/add", id: 4, params: ["placeId": .string(id)])
      #expect(favorite["added"] == true)

      let second = try Self.call(beacon, "places/search", id: 5)
      let after = try #require(Self.place(id, in: second), "Bryggehallen Matsal is still among the results")
      #expect(after["rating"]?["stars"] == 4)
      #expect(after["rating"]?["count"] == 1)
      #expect(after["isFavorite"] == true)
      let others = second["places"]?.arrayValue?.filter { $0["id"]?.stringValue != id } ?? []
      #expect(!others.isEmpty)
      #expect(others.allSatisfy { $0["isFavorite"] == false && $0["rating"] == .null })
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func anAutocompleteBurstReachesGeoapifyOnce() throws {
      let server = try Self.fakeGeoapify()
      let beacon = try Self.start(server)
      let texts = ["f", "fi", "fis", "fisk", "fiske"]
      for (index, text) in texts.enumerated() {
        beacon.request("places/autocomplete", id: .int(index + 1), params: ["text": .string(text)])
        usleep(50_000)
      }
      let answers = try (1...texts.count).map { try beacon.response(id: .int($0)) }
      for answer in answers.dropLast() {
        #expect(answer.errorCode == -32800, "\(answer)")
        #expect(answer["error"]?["data"]?["reason"] == "superseded")
      }
      #expect(answers.last?["result"]?["suggestions"]?.arrayValue?.count == 5, "\(String(describing: answers.last))")
      #expect(server.requestCount(path: "/v1/geocode/autocomplete") == 1)
      #expect(server.requests.first { $0.path == "/v1/geocode/autocomplete" }?.queryItems["text"] == "fiske")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func theAPIKeyGoesOnlyIntoTheHeader() throws {
      let server = try Self.fakeGeoapify()
      let beacon = try Self.start(server, environment: ["BEACON_LOG": "debug"])
      let id = GeoapifyFixtures.detailsRestaurantID
      _ = try Self.call(beacon, "places/search", id: 1)
      _ = try Self.call(beacon, "places/details", id: 2, params: ["id": .string(id)])
      _ = try Self.call(beacon, "places/autocomplete", id: 3, params: ["text": "fisk", "debounceMs": 0])
      _ = try Self.call(beacon, "places/search", id: 4, params: ["nearMe": true, "category": "cafe"])
      // Failures are logged too: a rejected key and an unreachable server.
      server.enqueue(.json(GeoapifyFixtures.text("error-401.json"), status: 401), forPath: "/v2/places")
      beacon.request("places/search", id: 5, params: ["refresh": true])
      #expect(try beacon.response(id: 5).errorKind == "invalidApiKey")
      server.enqueue(.json(GeoapifyFixtures.text("error-500.json"), status: 500), forPath: "/v2/places")
      _ = try Self.call(beacon, "places/search", id: 6, params: ["refresh": true])
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()

      #expect(!beacon.stdout.text.contains(Self.apiKey))
      #expect(!beacon.stderr.text.contains(Self.apiKey))
      #expect(!beacon.stderr.text.contains("SECRET"))

      let store = beacon.directory.appendingPathComponent("store.sqlite")
      #expect(FileManager.default.fileExists(atPath: store.path), "the store is where the test looks")
      let secret = Array(Self.apiKey.utf8)
      let files = try FileManager.default.contentsOfDirectory(atPath: beacon.directory.path)
      #expect(files.contains("store.sqlite"))
      for name in files + ["store.sqlite-wal", "store.sqlite-shm"] {
        guard let data = FileManager.default.contents(atPath: beacon.directory.appendingPathComponent(name).path)
        else { continue }
        #expect(!Array(data).contains(secret), "\(name) contains the API key")
      }

      let requests = server.requests
      #expect(requests.count >= 6)
      for request in requests {
        #expect(!request.target.contains(Self.apiKey), "the key is in the request target \(request.target)")
        #expect(!request.target.contains("9f3a"))
        #expect(request.header("x-api-key") == Self.apiKey)
        let otherHeaders = request.headers.filter { $0.key != "x-api-key" }
        #expect(!otherHeaders.values.contains { $0.contains(Self.apiKey) }, "\(otherHeaders)")
      }
    }

    @Test func aSettingsReadAfterASearchWithACentreSeesTheNewCentre() throws {
      let server = try LoopbackHTTPServer()
      server.handler = { request in
        var response = GeoapifyFixtures.respond(to: request)
        response.delay = 0.5  // The search is still upstream when settings/get arrives.
        return response
      }
      let beacon = try Self.start(server)
      var input: [UInt8] = []
      input += BeaconProcess.frame(
        BeaconProcess.requestBody("places/search", id: 1, params: ["center": ["lat": 59.95, "lon": 10.8]])
      )
      input += BeaconProcess.frame(BeaconProcess.requestBody("settings/get", id: 2))
      beacon.send(input)
      let settings = try beacon.response(id: 2)
      #expect(settings["result"]?["center"]?["lat"] == 59.95)
      #expect(try beacon.response(id: 1)["result"] != nil)
      server.stop()
    }

    @Test func aSearchStuckUpstreamIsCancelledAtOnce() throws {
      let server = try LoopbackHTTPServer()
      server.handler = { _ in .json(GeoapifyFixtures.text("places-empty.json"), delay: 30) }
      let beacon = try Self.start(server)
      beacon.request("places/search", id: 5, params: [:])
      #expect(server.waitForRequests(count: 1, timeout: 10))
      beacon.notify("$/cancelRequest", params: ["id": 5])
      // The upstream call would take 30 s, and URLSession gives up on it after 5 s without data; the
      // answer must come from the cancellation, well before either.
      let answer = try beacon.response(id: 5, timeout: 3)
      #expect(answer["error"]?["code"] == -32800)
      beacon.request("ping", id: 6)
      #expect(try beacon.response(id: 6)["result"] == [:])
      #expect(beacon.responses(id: 5).count == 1)
      server.stop()
    }

    @Test func aStoppedServerYieldsTheCachedAnswerMarkedStale() throws {
      let server = try Self.fakeGeoapify()
      let beacon = try Self.start(server)
      let first = try Self.call(beacon, "places/search", id: 1)
      #expect(first["source"] == "live")
      #expect(first["stale"] == false)
      server.stop()

      let second = try Self.call(beacon, "places/search", id: 2, params: ["refresh": true])
      #expect(second["source"] == "cache")
      #expect(second["stale"] == true)
      #expect(second["fetchedAt"] == first["fetchedAt"])
      let ids = { (result: JSONValue) in result["places"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? [] }
      #expect(ids(second) == ids(first))
      #expect(ids(second).count == 10)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }
  }
}
