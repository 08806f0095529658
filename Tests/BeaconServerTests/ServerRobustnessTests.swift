import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// Server behaviour that once went wrong.
@Suite struct ServerRobustnessTests {
  @Test func detailsOfAnImportedPlaceNeverAskGeoapify() async throws {
    let server = try GeoapifyFixtures.server()
    let client = InProcessClient(
      options: .inMemory(
        environment: BeaconOptions(geoapifyAPIKey: APIKey("sk-test"), geoapifyBaseURL: server.baseURL.absoluteString)
      )
    )
    _ = try await client.send(InitializeRequest())
    let store = try #require(client.beaconServer?.store)
    try await store.loadDemoDataIfNeeded()
    let demo = try #require(try DemoDataset.places().first)
    let result = try await client.call("places/details", params: ["id": .string(demo.id)]).get()
    #expect(result["place"]?["name"] == .string(demo.name))
    #expect(result["source"] == "offline")
    #expect(result["attribution"] == .string(PlacesService.offlineAttribution))
    #expect(server.requests.isEmpty)
    // An osm: id the store has never seen is not found, still without a request.
    let missing = await client.call("places/details", params: ["id": "osm:node/1"])
    guard case .failure(let error) = missing else {
      Issue.record("expected notFound, got \(missing)")
      return
    }
    #expect(error.kind == "notFound")
    #expect(server.requests.isEmpty)
  }

  @Test func aStoredLocaleNeverBeatsTheFlagAndResetRestoresTheDefault() async throws {
    let flagged = InProcessClient(options: .inMemory(flags: BeaconOptions(locale: "nn")))
    _ = try await flagged.send(InitializeRequest())
    _ = try await flagged.send(UpdateSettingsRequest(SettingsUpdate(locale: .en)))
    #expect(flagged.beaconServer?.language == .nn)

    let plain = InProcessClient(options: .inMemory())
    _ = try await plain.send(InitializeRequest())
    _ = try await plain.send(UpdateSettingsRequest(SettingsUpdate(locale: .en)))
    #expect(plain.beaconServer?.language == .en)
    _ = try await plain.send(ResetSettingsRequest())
    #expect(plain.beaconServer?.language == .nb)
  }

  @Test func aSearchWithACentreIsOrderedAsAWrite() {
    #expect(SearchPlacesRequest.ordering(for: ["center": ["lat": 60, "lon": 10]]) == .exclusive)
    #expect(SearchPlacesRequest.ordering(for: ["text": "x"]) == .concurrent)
    #expect(SearchPlacesRequest.ordering(for: nil) == .concurrent)
  }
}
