import Foundation
import JSONRPC
import Testing

/// The real binary from an empty store with no key and no network: real demo places on the first search.
extension EndToEnd {
  @Suite struct OfflineFirstEndToEndTests {
    /// Sends a request and returns its result, failing with the error it got instead.
    static func call(_ beacon: BeaconProcess, _ method: String, id: Int, params: JSONValue? = nil) throws -> JSONValue {
      beacon.request(method, id: .int(id), params: params)
      let answer = try beacon.response(id: .int(id))
      guard let result = answer["result"] else { throw HarnessError("\(method) failed: \(answer)") }
      return result
    }

    static func names(_ result: JSONValue) -> [String] {
      result["places"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    @Test func withoutAKeyTheFirstSearchFindsRealDemoPlaces() throws {
      let beacon = try BeaconProcess()
      let initialized = try beacon.initialize()
      #expect(initialized["configuration"]?["geoapifyAPIKeyConfigured"] == false)

      let result = try Self.call(beacon, "places/search", id: 1, params: ["category": "cafe", "limit": 50])
      #expect(result["source"] == "offline")
      #expect(result["centerSource"] == "demo")
      #expect(result["center"]?["lat"]?.doubleValue == 60.1713198)
      #expect(result["center"]?["lon"]?.doubleValue == 24.9414566)
      let places = result["places"]?.arrayValue ?? []
      #expect(places.count >= 10, "\(Self.names(result))")
      #expect(places.allSatisfy { $0["source"] == "osm-demo" && $0["category"] == "cafe" })
      #expect(Self.names(result).contains("Robert's Coffee"), "\(Self.names(result))")
      let distances = places.compactMap { $0["distanceMeters"]?.intValue }
      #expect(distances.count == places.count)
      #expect(distances == distances.sorted())
      #expect(result["attribution"]?.stringValue?.contains("© OpenStreetMap contributors") == true)
      #expect(result["message"]?.stringValue?.contains("GEOAPIFY_API_KEY") == true, "\(result)")

      // The default category (restaurants) at the default radius fills the default page.
      let restaurants = try Self.call(beacon, "places/search", id: 2)
      #expect(restaurants["places"]?.arrayValue?.count == 10)
      #expect(restaurants["category"] == "restaurant")

      // Demo places are places like any other: details, ratings and favourites work on them.
      let id = try #require(places.first?["id"])
      let details = try Self.call(beacon, "places/details", id: 3, params: ["id": id])
      #expect(
        details["place"]?["links"]?["openStreetMap"]?.stringValue?.hasPrefix("https://www.openstreetmap.org/") == true
      )
      let rated = try Self.call(beacon, "rating/add", id: 4, params: ["placeId": id, "stars": 4])
      #expect(rated["summary"]?["count"] == 1)
      let again = try Self.call(beacon, "places/search", id: 5, params: ["category": "cafe", "limit": 50])
      #expect(again["places"]?.arrayValue?.first { $0["id"] == id }?["rating"]?["stars"] == 4)
      #expect(again["places"]?.arrayValue?.count == places.count)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func offlineWithAStoredOsloCentreSaysThereIsNoDataThere() throws {
      let beacon = try BeaconProcess(arguments: ["serve", "--offline"])
      try beacon.initialize()
      let oslo: JSONValue = ["lat": 59.9111, "lon": 10.7503]
      _ = try Self.call(beacon, "settings/update", id: 1, params: ["center": oslo])

      let result = try Self.call(beacon, "places/search", id: 2)
      #expect(result["places"] == [])
      #expect(result["source"] == "offline")
      #expect(result["centerSource"] == "settings")
      #expect(result["center"]?["lat"]?.doubleValue == 59.9111)
      let message = try #require(result["message"]?.stringValue)
      #expect(message.contains("Ingen offline-data her"))
      #expect(message.contains("Helsinki"))
      // `--offline` is a choice, not a missing key: no notice about getting one.
      #expect(!message.contains("GEOAPIFY_API_KEY"))
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func theReadmeFirstCommandPrintsRealPlacesWithoutKeyOrNetwork() throws {
      // `beacon search --category cafe`, as README's first block runs it, on an empty store (BeaconProcess
      // gives each run a fresh BEACON_STORE and removes GEOAPIFY_API_KEY).
      let result = try BeaconProcess.run(["search", "--category", "cafe"])
      #expect(result.termination == .exited(0), "\(result.stderr)")
      let rows = result.stdout.split(separator: "\n").filter { $0.contains("Kafé") && $0.contains(" m ") }
      #expect(rows.count >= 10, "\(result.stdout)")
      #expect(result.stdout.contains("Robert's Coffee"))
      #expect(result.stdout.contains("Helsinki jernbanestasjon"))
      #expect(result.stdout.contains("© OpenStreetMap contributors"))
      let json = try BeaconProcess.run(["search", "--category", "cafe", "--json"])
      let parsed = try JSONParser.parse(Array(json.stdout.utf8))
      #expect((parsed["places"]?.arrayValue?.count ?? 0) >= 10)
      #expect(parsed["source"] == "offline")
    }

    @Test func aOneShotCallPrintsDemoPlaces() throws {
      let result = try BeaconProcess.run(["call", "places/search", #"{"category":"cafe"}"#])
      #expect(result.termination == .exited(0), "\(result.stderr)")
      let answer = try JSONParser.parse(Array(result.stdout.utf8))
      let places = answer["places"]?.arrayValue ?? []
      #expect(places.count >= 10, "\(result.stdout)")
      #expect(places.allSatisfy { $0["category"] == "cafe" && $0["source"] == "osm-demo" })
      #expect(answer["source"] == "offline")
      #expect(answer["centerSource"] == "demo")
    }
  }
}
