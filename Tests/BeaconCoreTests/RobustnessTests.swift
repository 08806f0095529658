import BeaconSync
import BeaconTestSupport
import Dispatch
import Foundation
import Testing

@testable import BeaconCore

/// Inputs and interleavings that once went wrong.
@Suite struct RobustnessTests {
  let directory = TemporaryDirectory()

  @Test func processesOpeningANewStoreAtOnceAllSucceed() async throws {
    let path = directory.file("race.sqlite")
    let failures = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      do {
        _ = try Store.open(path: path)
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    #expect(try await Store.open(path: path).schemaVersion == Migrations.latestVersion)
  }

  @Test func textWithANulCharacterIsStoredWhole() async throws {
    let store = try Store.open(path: ":memory:")
    try await store.upsert([StoreTests.place("nul", "Før\u{0}etter", lat: 59.9, lon: 10.7)])
    let added = try await store.addRating(placeId: "nul", stars: 3, comment: "a\u{0}b")
    #expect(try await store.place(id: "nul")?.name == "Før\u{0}etter")
    #expect(try await store.ratings(placeId: "nul").ratings.first?.comment == "a\u{0}b")
    #expect(added.rating.comment == "a\u{0}b")
    await #expect(throws: BeaconError.notFound(.place("nul\u{0}x"))) {
      try await store.addRating(placeId: "nul\u{0}x", stars: 3, comment: nil)
    }
  }

  @Test func theDemoDataNeverOverwritesAnImportOfTheSamePlaces() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("store.sqlite")
    #expect(try await Store.open(path: path).loadDemoDataIfNeeded())
    let store = try Store.open(path: path)
    var newer = try #require(DemoDataset.places().first)
    newer.name = "Nyere navn fra import"
    newer.source = "osm"
    try await store.upsert([newer])
    #expect(try await store.loadDemoDataIfNeeded() == false)
    #expect(try await Store.open(path: path).loadDemoDataIfNeeded() == false)
    #expect(try await store.place(id: newer.id)?.name == "Nyere navn fra import")
    #expect(try await store.place(id: newer.id)?.source == "osm")
  }

  @Test(arguments: ["1e300", "-1e300", "1e20"])
  func anAbsurdUpstreamDistanceIsDroppedNotATrap(distance: String) throws {
    let body = #"""
      {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"X","lat":59.9,"lon":10.7,
      "distance":\#(distance),"result_type":"amenity"},"geometry":{"type":"Point","coordinates":[10.7,59.9]}}]}
      """#
    let suggestions = try GeoapifyDecoding.suggestions(from: Array(body.utf8))
    #expect(suggestions.count == 1)
    #expect(suggestions.first?.distanceMeters == nil)
  }

  @Test func cachedAnswersOlderThanTheRetentionArePruned() async throws {
    let store = try Store.open(path: ":memory:")
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    try await store.cacheResponse(key: "old", body: Array("1".utf8), at: start)
    try await store.cacheResponse(key: "recent", body: Array("2".utf8), at: start.addingTimeInterval(20 * 86_400))
    try await store.cacheResponse(key: "new", body: Array("3".utf8), at: start.addingTimeInterval(31 * 86_400))
    #expect(try await store.cachedResponse(key: "old") == nil)
    #expect(try await store.cachedResponse(key: "recent")?.body == Array("2".utf8))
    #expect(try await store.cachedResponse(key: "new")?.body == Array("3".utf8))
  }
}
