import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// `places/import` of OSM PBF files in-process: the wire form of the answer and of the errors.
@Suite struct ImportPBFMethodTests {
  typealias Node = PBFWriter.Node

  /// A café and a hotel near Oslo S (dense nodes), a restaurant building (a closed way) and a restaurant way
  /// clipped at the extract's border.
  static let extract = PBFWriter.file([
    PBFWriter.Block([
      .dense([
        Node(id: 1, lat: 59.9115, lon: 10.7510, tags: [("amenity", "cafe"), ("name", "Stasjonskafeen")]),
        Node(id: 2, lat: 59.9087, lon: 10.7522, tags: [("tourism", "hotel"), ("name", "Thon Hotel Opera")]),
        Node(id: 10, lat: 59.9100, lon: 10.7520), Node(id: 11, lat: 59.9100, lon: 10.7530),
        Node(id: 12, lat: 59.9105, lon: 10.7530),
      ])
    ]),
    PBFWriter.Block([
      .ways([
        .init(id: 3, refs: [10, 11, 12, 10], tags: [("amenity", "restaurant"), ("name", "Trekanten")]),
        .init(id: 4, refs: [10, 99], tags: [("amenity", "restaurant"), ("name", "Over grensen")]),
      ])
    ]),
  ])

  static func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-\(UUID().uuidString)-\(name)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aPBFIsImportedAndTheAnswerSaysSo() async throws {
    let path = try Self.write(Self.extract, "oslo.osm.pbf")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let client = try await ImportMethodTests.session()
    let result = try await client.call("places/import", params: ["path": .string(path)]).get()
    #expect(result["format"] == "pbf")
    #expect(result["total"] == 3)
    #expect(result["imported"] == ["restaurant": 1, "cafe": 1, "hotel": 1])
    #expect(result["skipped"] == ["missingNodes": 1])
    #expect(result["derivedIds"] == 0)
    let store = try #require(client.beaconServer?.store)
    #expect(try await store.place(id: "osm:way/3")?.name == "Trekanten")
    #expect(try await store.place(id: "osm:way/4") == nil)
  }

  /// A re-import of an extract that cuts through a way (one of its nodes outside the extract) keeps the way's place
  /// although it lies inside the new file's area: the file still has it, only not whole (`osmium extract -s simple`).
  @Test func aReimportThatCutsThroughAWayKeepsItsPlace() async throws {
    let whole = try Self.write(Self.extract, "whole.osm.pbf")
    // The hotel and a new restaurant span a box around the restaurant building, whose node 12 is cut away.
    let cut = PBFWriter.file([
      PBFWriter.Block([
        .dense([
          Node(id: 2, lat: 59.9087, lon: 10.7522, tags: [("tourism", "hotel"), ("name", "Thon Hotel Opera")]),
          Node(id: 5, lat: 59.9130, lon: 10.7540, tags: [("amenity", "restaurant"), ("name", "Nyåpnet")]),
          Node(id: 10, lat: 59.9100, lon: 10.7520), Node(id: 11, lat: 59.9100, lon: 10.7530),
        ])
      ]),
      PBFWriter.Block([
        .ways([.init(id: 3, refs: [10, 11, 12, 10], tags: [("amenity", "restaurant"), ("name", "Trekanten")])])
      ]),
    ])
    let clipped = try Self.write(cut, "cut.osm.pbf")
    defer { for path in [whole, clipped] { try? FileManager.default.removeItem(atPath: path) } }
    let client = try await ImportMethodTests.session()
    _ = try await client.call("places/import", params: ["path": .string(whole)]).get()
    let result = try await client.call("places/import", params: ["path": .string(clipped)]).get()
    #expect(result["skipped"] == ["missingNodes": 1], "\(result)")
    #expect(result["removed"] == 0, "\(result)")
    let store = try #require(client.beaconServer?.store)
    #expect(try await store.place(id: "osm:way/3")?.name == "Trekanten")
  }

  @Test func aCorruptPBFIsImportFailedAtItsByteAndStoresNothing() async throws {
    let good = try Self.write(Self.extract, "oslo.osm.pbf")
    defer { try? FileManager.default.removeItem(atPath: good) }
    let client = try await ImportMethodTests.session()
    _ = try await client.call("places/import", params: ["path": .string(good)]).get()
    let stored = try await ImportMethodTests.storedCount(client)

    // The second block's zlib stream damaged (a new café in the first block would otherwise be stored).
    let header = PBFWriter.file([])
    var cafe = PBFWriter.Block([
      .dense([Node(id: 5, lat: 59.91, lon: 10.75, tags: [("amenity", "cafe"), ("name", "Ny")])])
    ])
    let first = PBFWriter.frame(
      type: "OSMData",
      blob: PBFWriter.blob(PBFWriter.primitiveBlock(cafe), compression: .zlib)
    )
    cafe.granularity = 1000
    var stream = PBFWriter.deflate(PBFWriter.primitiveBlock(cafe))
    stream[stream.count / 2] ^= 0x5A
    var blob = ProtobufWriter()
    blob.field(2, varint: UInt64(PBFWriter.primitiveBlock(cafe).count))
    blob.field(3, bytes: stream)
    let path = try Self.write(header + first + PBFWriter.frame(type: "OSMData", blob: blob.bytes), "broken.osm.pbf")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = try #require(
      ImportMethodTests.failure(await client.call("places/import", params: ["path": .string(path)]))
    )
    #expect(error.code.rawValue == -33030)
    #expect(error.data?["kind"] == "importFailed")
    #expect(error.data?["file"] == .string(path))
    #expect(error.data?["position"] == .string("byte \(header.count + first.count)"))
    #expect(error.data?["reason"] == "a corrupt zlib stream")
    #expect(error.message.contains("): en ødelagt zlib-strøm; ingenting ble lagret"), "\(error.message)")
    #expect(try await ImportMethodTests.storedCount(client) == stored)
    let store = try #require(client.beaconServer?.store)
    #expect(try await store.place(id: "osm:node/5") == nil)
  }
}
