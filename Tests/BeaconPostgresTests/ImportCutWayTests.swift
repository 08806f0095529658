import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import Testing

/// A re-import of an extract that cuts through a way (one of its nodes outside the extract, as `osmium extract -s
/// simple` leaves it): the way's place lies inside the new file's area, yet it is not gone, so it stays, on both
/// backends. A place really gone from the area is still removed.
struct ImportCutWayTests {
  typealias Node = PBFWriter.Node

  static let building = PBFWriter.Way(
    id: 3,
    refs: [10, 11, 12, 10],
    tags: [("amenity", "restaurant"), ("name", "Trekanten")]
  )

  /// The first extract: the building whole and a café beside it; the second: the building cut (no node 12), no café,
  /// and two restaurants whose box holds both.
  static func extract(whole: Bool) -> [UInt8] {
    var nodes = [
      Node(id: 20, lat: 59.9087, lon: 10.7500, tags: [("amenity", "restaurant"), ("name", "Sør")]),
      Node(id: 21, lat: 59.9130, lon: 10.7540, tags: [("amenity", "restaurant"), ("name", "Nord")]),
      Node(id: 10, lat: 59.9100, lon: 10.7520), Node(id: 11, lat: 59.9100, lon: 10.7530),
    ]
    if whole {
      nodes += [
        Node(id: 12, lat: 59.9105, lon: 10.7530),
        Node(id: 1, lat: 59.9110, lon: 10.7510, tags: [("amenity", "restaurant"), ("name", "Borte")]),
      ]
    }
    return PBFWriter.file([PBFWriter.Block([.dense(nodes)]), PBFWriter.Block([.ways([building])])])
  }

  @Test(arguments: StoreBackend.available)
  func aWayCutByTheExtractKeepsItsPlace(backend: StoreBackend) async throws {
    let (opened, keep) = try backend.open()
    let store = try #require(opened as? any PlaceImporting & PlacesStore)
    func importing(_ bytes: [UInt8]) async throws -> ImportReport {
      try await store.importPlaces(
        from: .bytes(bytes, name: "extract.osm.pbf"),
        source: "osm",
        maxBytes: .max,
        at: Date(timeIntervalSince1970: 1_764_000_000),
        progress: { _ in }
      )
    }
    _ = try await importing(Self.extract(whole: true))
    let again = try await importing(Self.extract(whole: false))
    #expect(again.skipped == ["missingNodes": 1], "\(again)")
    #expect(again.removed == 1, "the café-side restaurant is gone; the cut building is not: \(again)")
    #expect(try await store.place(id: "osm:way/3")?.name == "Trekanten")
    #expect(try await store.place(id: "osm:node/1") == nil)
    withExtendedLifetime(keep) {}
  }
}
