import BeaconCore
import BeaconSync
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// `places/import` in-process: a GeoJSON file into the store, then found, rated and favourited offline.
@Suite struct ImportMethodTests {
  /// A directory of the test's own, removed when the test ends.
  final class Directory: Sendable {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-import-\(UUID().uuidString)").path

    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` in the directory and returns its path.
    func write(_ text: String, to name: String) throws -> String {
      let file = path + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
      return file
    }
  }

  /// Keeps every notification the server sends.
  final class Notifications: Sendable {
    private let received = Locked<[(method: String, params: JSONValue?)]>([])

    func record(_ method: String, _ params: JSONValue?) { received.withLock { $0.append((method, params)) } }

    func params(of method: String) -> [JSONValue?] {
      received.withLock { $0.filter { $0.method == method }.map(\.params) }
    }
  }

  /// Near Oslo S, where the demo data (Helsinki) has nothing.
  static let center = Coordinate.osloCentralStation

  /// Four cafés (one without an OSM id), two restaurants, a hotel, and one feature of every skip reason.
  static let extract = """
    {"type":"FeatureCollection","features":[
    {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7510,59.9115]},
     "properties":{"@type":"node","@id":1,"amenity":"cafe","name":"Stasjonskafeen","addr:street":"Jernbanetorget",
       "addr:housenumber":"1","addr:postcode":"0154","addr:city":"Oslo"}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7490,59.9135]},
     "properties":{"@type":"node","@id":2,"amenity":"cafe","name":"Kaffebrenneriet","cuisine":"coffee_shop"}},
    {"type":"Feature","id":"way/3","geometry":{"type":"Polygon","coordinates":[[[10.7520,59.9100],[10.7530,59.9100],
     [10.7530,59.9105],[10.7520,59.9105],[10.7520,59.9100]]]},
     "properties":{"tags":{"amenity":"cafe","name":"Fuglen"}}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7505,59.9112]},
     "properties":{"@type":"node","@id":4,"amenity":"restaurant","name":"Sentrum Bistro"}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7460,59.9120]},
     "properties":{"@type":"node","@id":5,"amenity":"restaurant","name":"Fiskeriet"}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7522,59.9087]},
     "properties":{"@type":"node","@id":6,"tourism":"hotel","name":"Thon Hotel Opera"}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},
     "properties":{"@type":"node","@id":7,"amenity":"cafe"}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},
     "properties":{"@type":"node","@id":8,"amenity":"bar","name":"Bar"}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[10.80,59.95]},
     "properties":{"amenity":"cafe","name":"Uten id"}},
    {"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[]},
     "properties":{"@type":"node","@id":9,"amenity":"cafe","name":"Samling"}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7490,59.9135]},
     "properties":{"@type":"node","@id":2,"amenity":"cafe","name":"Kaffebrenneriet Storgata","cuisine":"coffee_shop"}}
    ]}
    """

  static let expectedSkipped: [String: Int] = [
    "nameless": 1, "otherKind": 1, "unsupportedGeometry": 1, "duplicate": 1,
  ]

  /// An initialized in-process session working offline (`--offline`).
  static func session(
    onNotification: @escaping @Sendable (String, JSONValue?) -> Void = { _, _ in }
  ) async throws -> InProcessClient {
    let client = InProcessClient(
      options: .inMemory(flags: BeaconOptions(offline: true)),
      onNotification: onNotification
    )
    _ = try await client.send(InitializeRequest())
    return client
  }

  static func failure(_ result: Result<JSONValue, ResponseError>) -> ResponseError? {
    if case .failure(let error) = result { return error }
    Issue.record("expected an error, got \(result)")
    return nil
  }

  /// How many places the store holds within 50 km of Oslo S.
  static func storedCount(_ client: InProcessClient) async throws -> Int {
    let store = try #require(client.beaconServer?.store)
    return try await store.places(near: center, radiusMeters: 50_000, category: nil, text: nil).count
  }

  @Test func importCountsPlacesByCategoryAndSkipsByReason() async throws {
    let directory = try Directory()
    let path = try directory.write(Self.extract, to: "oslo.geojson")
    let client = try await Self.session()
    let response = try await client.send(ImportPlacesRequest(path: path))
    #expect(response.file == path)
    #expect(response.total == 7)
    #expect(response.imported == .init(restaurant: 2, cafe: 4, hotel: 1))
    #expect(response.skipped == Self.expectedSkipped)
    #expect(response.derivedIds == 1)
    #expect(response.format == "geojson")
    #expect(try await Self.storedCount(client) == 7)
    let store = try #require(client.beaconServer?.store)
    #expect(try await store.place(id: "osm:node/2")?.name == "Kaffebrenneriet Storgata")
    #expect(try await store.place(id: "osm:way/3")?.source == "osm")
  }

  @Test func theWireFormOfTheAnswer() async throws {
    let directory = try Directory()
    let path = try directory.write(Self.extract, to: "oslo.geojson")
    let client = try await Self.session()
    let result = try await client.call("places/import", params: ["path": .string(path)]).get()
    #expect(result["file"] == .string(path))
    #expect(result["total"] == 7)
    #expect(result["imported"] == ["restaurant": 2, "cafe": 4, "hotel": 1])
    #expect(result["derivedIds"] == 1)
    #expect(result["format"] == "geojson")
    #expect(result["skipped"]?["duplicate"] == 1)
    #expect(result["skipped"]?["nameless"] == 1)
  }

  @Test func aWorkDoneTokenGetsProgressFromBeginToEnd() async throws {
    let directory = try Directory()
    let path = try directory.write(Self.extract, to: "oslo.geojson")
    let notifications = Notifications()
    let client = try await Self.session { method, params in notifications.record(method, params) }
    _ = try await client.call("places/import", params: ["path": .string(path)]).get()
    #expect(notifications.params(of: "$/progress").isEmpty, "no token, no progress")

    _ = try await client.call("places/import", params: ["path": .string(path), "workDoneToken": "imp-1"]).get()
    let progress = notifications.params(of: "$/progress")
    #expect(progress.allSatisfy { $0?["token"] == "imp-1" }, "\(progress)")
    let kinds = progress.compactMap { $0?["value"]?["kind"]?.stringValue }
    #expect(kinds.first == "begin")
    #expect(kinds.last == "end")
    #expect(kinds.count { $0 == "begin" } == 1)
    #expect(kinds.count { $0 == "end" } == 1)
    #expect(kinds.dropFirst().dropLast().allSatisfy { $0 == "report" }, "\(kinds)")
    let percentages = progress.compactMap { $0?["value"]?["percentage"]?.intValue }
    #expect(percentages == percentages.sorted(), "\(percentages)")
    #expect(percentages.last == 100)
    #expect(progress.first??["value"]?["title"]?.stringValue?.isEmpty == false)
  }

  @Test func reimportingIsIdempotent() async throws {
    let directory = try Directory()
    let path = try directory.write(Self.extract, to: "oslo.geojson")
    let client = try await Self.session()
    let first = try await client.send(ImportPlacesRequest(path: path))
    _ = try await client.send(AddRatingRequest(placeId: "osm:node/1", stars: 4))
    let second = try await client.send(ImportPlacesRequest(path: path))
    #expect(first.added == 7 && first.updated == 0 && first.unchanged == 0 && first.removed == 0)
    #expect(second.total == first.total && second.imported == first.imported && second.skipped == first.skipped)
    #expect(second.derivedIds == first.derivedIds)
    // The file has node 2 twice, differently: each import writes the first form and then the second.
    #expect(second.added == 0 && second.unchanged == 6 && second.updated == 1 && second.removed == 0)
    #expect(try await Self.storedCount(client) == 7)
    // A changed name replaces the old one; the rating stays with the place.
    let renamed = Self.extract.replacingOccurrences(of: "Stasjonskafeen", with: "Stasjonskaféen")
    _ = try await client.send(ImportPlacesRequest(path: try directory.write(renamed, to: "renamed.geojson")))
    #expect(try await Self.storedCount(client) == 7)
    let store = try #require(client.beaconServer?.store)
    #expect(try await store.place(id: "osm:node/1")?.name == "Stasjonskaféen")
    #expect(try await store.ratings(placeId: "osm:node/1").summary?.count == 1)
  }

  @Test func aBrokenFileIsImportFailedWithItsPositionAndStoresNothing() async throws {
    let directory = try Directory()
    let good = try directory.write(Self.extract, to: "oslo.geojson")
    let client = try await Self.session()
    _ = try await client.send(ImportPlacesRequest(path: good))

    // Valid places first, then a latitude of 95 in the 3rd feature: nothing of it may be stored.
    let broken = """
      {"type":"FeatureCollection","features":[
      {"type":"Feature","geometry":{"type":"Point","coordinates":[10.76,59.92]},
       "properties":{"@type":"node","@id":100,"amenity":"cafe","name":"Ny kafé"}},
      {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7510,59.9115]},
       "properties":{"@type":"node","@id":1,"amenity":"cafe","name":"Omdøpt"}},
      {"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,95]},
       "properties":{"@type":"node","@id":101,"amenity":"cafe","name":"Nordpolen"}}
      ]}
      """
    let path = try directory.write(broken, to: "broken.geojson")
    let error = try #require(Self.failure(await client.call("places/import", params: ["path": .string(path)])))
    #expect(error.code == ApplicationErrorCode.importFailed)
    #expect(error.code.rawValue == -33030)
    #expect(error.data?["kind"] == "importFailed")
    #expect(error.data?["file"] == .string(path))
    #expect(error.data?["position"] == "feature 3")
    #expect(error.message.contains(path))
    // The wire keeps the English position; the Bokmål message says it in Bokmål.
    #expect(error.message.contains("(objekt 3): en posisjon utenfor jordkloden"), "\(error.message)")
    #expect(try await Self.storedCount(client) == 7)
    let store = try #require(client.beaconServer?.store)
    #expect(try await store.place(id: "osm:node/100") == nil)
    #expect(try await store.place(id: "osm:node/1")?.name == "Stasjonskafeen")
  }

  @Test func invalidJSONNamesTheLineAndColumn() async throws {
    let directory = try Directory()
    let path = try directory.write("{\"type\":\"FeatureCollection\",\n\"features\":[\n{\"type\":", to: "cut.geojson")
    let client = try await Self.session()
    let error = try #require(Self.failure(await client.call("places/import", params: ["path": .string(path)])))
    #expect(error.code.rawValue == -33030)
    #expect(error.data?["kind"] == "importFailed")
    #expect(error.data?["file"] == .string(path))
    #expect(error.data?["position"] == "line 3, column 9")
    #expect(try await Self.storedCount(client) == 0)
  }

  @Test func aMissingFileIsImportFailed() async throws {
    let directory = try Directory()
    let path = directory.path + "/does-not-exist.geojson"
    let client = try await Self.session()
    let error = try #require(Self.failure(await client.call("places/import", params: ["path": .string(path)])))
    #expect(error.code.rawValue == -33030)
    #expect(error.data?["kind"] == "importFailed")
    #expect(error.data?["file"] == .string(path))
    #expect(error.data?.objectValue?.keys.contains("position") == false)
    #expect(error.data?["reason"] == "there is no such file")
    #expect(error.message.contains(path))
    #expect(error.message.contains("filen finnes ikke"), "\(error.message)")
    // A directory is not a file either.
    let directoryError = try #require(
      Self.failure(await client.call("places/import", params: ["path": .string(directory.path)]))
    )
    #expect(directoryError.code.rawValue == -33030)
    #expect(directoryError.data?["reason"] == "it is a directory, not a file")
  }

  /// A file compressed as a whole is named by its compression (by content, whatever its name), with the way out.
  @Test(
    arguments: [
      ([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00], "gzip"), (Array("BZh91AY&SY".utf8), "bzip2"),
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00], "xz"), ([0x28, 0xB5, 0x2F, 0xFD, 0x24, 0x00], "zstd"),
    ] as [([UInt8], String)]
  )
  func aCompressedFileSaysToDecompressItFirst(bytes: [UInt8], name: String) async throws {
    let directory = try Directory()
    let path = directory.path + "/places.geojson"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let client = try await Self.session()
    let error = try #require(Self.failure(await client.call("places/import", params: ["path": .string(path)])))
    #expect(error.code.rawValue == -33030)
    #expect(
      error.data?["reason"]
        == .string(
          "the file is compressed with \(name); decompress it first (Beacon reads "
            + ".osm.pbf, GeoJSON and GeoJSONSeq)"
        )
    )
    #expect(error.message.contains("pakk den ut først"), "\(error.message)")
    #expect(try await Self.storedCount(client) == 0)
  }

  @Test func aMissingPathIsInvalidParams() async throws {
    let client = try await Self.session()
    let error = try #require(Self.failure(await client.call("places/import", params: [:])))
    #expect(error.code == .invalidParams)
  }

  @Test func aFileWithNothingToImportIsAnErrorThatSaysWhatWasThere() async throws {
    let directory = try Directory()
    let text = """
      {"type":"FeatureCollection","features":[
      {"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"amenity":"bench"}},
      {"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"amenity":"cafe"}},
      {"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"shop":"bakery"}}
      ]}
      """
    let path = try directory.write(text, to: "benches.geojson")
    let client = try await Self.session()
    let error = try #require(Self.failure(await client.call("places/import", params: ["path": .string(path)])))
    #expect(error.code.rawValue == -33030)
    #expect(error.data?["kind"] == "nothingImported")
    #expect(error.data?["file"] == .string(path))
    #expect(error.data?["skipped"] == ["otherKind": 2, "nameless": 1])
    #expect(error.message.contains("Fant ingen restauranter, kafeer eller hoteller"), "\(error.message)")
    #expect(error.message.contains("2 ikke restaurant, kafé eller hotell"), "\(error.message)")
    #expect(try await Self.storedCount(client) == 0)
  }

  @Test func theStandardInputIsNotReadWhereItCarriesTheProtocol() async throws {
    let client = try await Self.session()
    let error = try #require(Self.failure(await client.call("places/import", params: ["path": "-"])))
    #expect(error.code == .invalidParams)
    #expect(error.message.contains("beacon import -"), "\(error.message)")
  }

  @Test func importedPlacesAreFoundOfflineAndCanBeRatedAndFavourited() async throws {
    let directory = try Directory()
    let path = try directory.write(Self.extract, to: "oslo.geojson")
    let client = try await Self.session()
    _ = try await client.send(ImportPlacesRequest(path: path))

    let center: JSONValue = ["lat": .double(Self.center.lat), "lon": .double(Self.center.lon)]
    let search = try await client.call(
      "places/search",
      params: ["center": center, "category": "cafe", "radiusMeters": 1_000, "limit": 50]
    ).get()
    #expect(search["source"] == "offline")
    #expect(search["centerSource"] == "request")
    #expect(search["attribution"]?.stringValue?.contains("© OpenStreetMap contributors") == true)
    let places = search["places"]?.arrayValue ?? []
    #expect(places.compactMap { $0["id"]?.stringValue } == ["osm:node/1", "osm:way/3", "osm:node/2"])
    #expect(places.allSatisfy { $0["source"] == "osm" })
    #expect(places.first?["address"] == "Jernbanetorget 1, 0154 Oslo")

    let text = try await client.call(
      "places/search",
      params: ["center": center, "category": "cafe", "text": "kaffebrenneriet storg"]
    ).get()
    #expect(text["places"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["osm:node/2"])

    let rated = try await client.send(AddRatingRequest(placeId: "osm:way/3", stars: 5, comment: "God kaffe"))
    #expect(rated.summary.count == 1)
    let favorite = try await client.send(AddFavoriteRequest(placeId: "osm:node/2"))
    #expect(favorite.added)
    #expect(favorite.favorite.name == "Kaffebrenneriet Storgata")

    let again = try await client.call(
      "places/search",
      params: ["center": center, "category": "cafe", "radiusMeters": 1_000, "sort": "rating"]
    ).get()
    let first = try #require(again["places"]?.arrayValue?.first)
    #expect(first["id"] == "osm:way/3")
    #expect(first["rating"]?["stars"] == 5)
    let favourite = again["places"]?.arrayValue?.first { $0["id"] == "osm:node/2" }
    #expect(favourite?["isFavorite"] == true)
    let favourites = try await client.send(ListFavoritesRequest(.init()))
    #expect(favourites.places.map(\.id) == ["osm:node/2"])

    let details = try await client.call("places/details", params: ["id": "osm:way/3"]).get()
    #expect(details["place"]?["name"] == "Fuglen")
    #expect(details["place"]?["links"]?["openStreetMap"] == "https://www.openstreetmap.org/way/3")
    #expect(details["place"]?["rating"]?["count"] == 1)
  }
}
