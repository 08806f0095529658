import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// `OSMImporter`'s compact form read back, and its places imported into a store.
extension OSMImporterTests {
  // MARK: - Compact form

  @Test func theCompactFormParsesBackToTheSamePlaces() throws {
    let original = try importFile(
      Self.collection(
        Self.node(
          1,
          #""amenity":"restaurant","name":"Lorry","addr:street":"Parkveien","addr:housenumber":"12","#
            + #""cuisine":"norwegian","phone":"+47 22","website":"https://lorry.no","opening_hours":"Mo 10-12""#,
          lon: 10.7311234567891,
          lat: 59.9212345678912
        ),
        #"{"type":"Feature","id":"way/42","geometry":{"type":"Polygon","coordinates":[[[10.0,60.0],"#
          + #"[10.003,60.0],[10.003,60.001],[10.0,60.001],[10.0,60.0]]]},"#
          + #""properties":{"tags":{"amenity":"cafe","name":"Kafé \"Sitat\" Ærlig","contact:phone":"+47 1"}}}"#,
        #"{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[24.9,60.1],[24.91,60.1],"#
          + #"[24.91,60.11],[24.9,60.1]]]]},"properties":{"@type":"relation","@id":5608,"tourism":"hotel","#
          + #""name":"Marski","stars":"4"}}"#
      )
    )
    #expect(original.places.count == 3)
    let compact = OSMImporter.compactGeoJSON(original.places)
    let again = try OSMImporter.parse(compact, file: "compact")
    #expect(again.skipped.isEmpty)
    #expect(again.places.map(\.id) == original.places.map(\.id))
    #expect(again.places.map(\.name) == original.places.map(\.name))
    #expect(again.places.map(\.category) == original.places.map(\.category))
    #expect(again.places.map(\.address) == original.places.map(\.address))
    #expect(again.places.map(\.cuisine) == original.places.map(\.cuisine))
    for (a, b) in zip(again.places, original.places) {
      Self.expectClose(a.location, b.location)
      let before = PlaceDetails(place: b, rating: nil, isFavorite: false)
      let after = PlaceDetails(place: a, rating: nil, isFavorite: false)
      #expect(after.phone == before.phone)
      #expect(after.website == before.website)
      #expect(after.openingHours?.raw == before.openingHours?.raw)
      #expect(after.links.openStreetMap == before.links.openStreetMap)
      #expect(after.tags == before.tags)
    }
    // The compact form is points only.
    let root = try JSONParser.parse(compact)
    let types = root["features"]?.arrayValue?.compactMap { $0["geometry"]?["type"]?.stringValue }
    #expect(types == ["Point", "Point", "Point"])
  }

  // MARK: - Into a store

  @Test func importingTwiceIntoAStoreIsIdempotentAndTheNewNameWins() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    let center = Coordinate(lat: 59.91, lon: 10.75)
    func count() async throws -> Int {
      try await store.places(near: center, radiusMeters: 50_000, category: nil, text: nil).count
    }
    let first = try importFile(
      Self.collection(
        Self.node(1, #""amenity":"cafe","name":"Første navn""#),
        Self.node(2, #""amenity":"restaurant","name":"Restaurant""#)
      ),
      name: "first.geojson"
    )
    try await store.upsert(first.places)
    #expect(try await count() == 2)
    try await store.upsert(first.places)
    #expect(try await count() == 2)
    let second = try importFile(
      Self.collection(
        Self.node(1, #""amenity":"cafe","name":"Nytt navn""#),
        Self.node(2, #""amenity":"restaurant","name":"Restaurant""#)
      ),
      name: "second.geojson"
    )
    try await store.upsert(second.places)
    #expect(try await count() == 2)
    #expect(try await store.place(id: "osm:node/1")?.name == "Nytt navn")
    let found = try await store.places(near: center, radiusMeters: 1_000, category: .cafe, text: "nytt")
    #expect(found.map(\.id) == ["osm:node/1"])
    #expect(try await store.places(near: center, radiusMeters: 1_000, category: nil, text: "første").isEmpty)
  }
}
