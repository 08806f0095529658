import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// An import into a shared store while a teammate writes: a place rated during the import is kept, not a failed
/// import, and two imports at once each report what their own merge did.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct ImportBesideWritersTests {
  /// A FeatureCollection of cafés `ids` (OSM nodes), node 1 and node 9 at the corners of one box.
  static func cafes(_ ids: [Int], name: String = "Kafé") -> ImportInput {
    let features = ids.map { id in
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(10.74 + Double(id) / 500),59.91]},"#
        + #""properties":{"@type":"node","@id":\#(id),"amenity":"cafe","name":"\#(name) \#(id)"}}"#
    }
    let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    return .bytes(Array(text.utf8), name: "cafes.geojson")
  }

  static func importCafes(_ input: sending ImportInput, into store: PostgresStore) async throws -> ImportReport {
    try await store.importPlaces(from: input, source: "osm", maxBytes: .max, at: Date(), progress: { _ in })
  }

  @Test func aPlaceRatedWhileAnImportWouldRemoveItIsKeptAndTheImportSucceeds() async throws {
    let target = try PostgresTestServer.freshSchema()
    let store = try PostgresStore.open(target, user: "importer")
    _ = try await Self.importCafes(Self.cafes(Array(1...9)), into: store)

    // A teammate rates node 3 in a transaction that is still open when the import of a file without node 3 starts,
    // and commits a second later, while the import is removing what the file no longer has.
    let inserted = DispatchSemaphore(value: 0)
    let committed = DispatchSemaphore(value: 0)
    let teammate = Thread {
      defer { committed.signal() }
      do {
        let connection = try PostgresConnection(target)
        try connection.transaction {
          try connection.query(
            "INSERT INTO rating (place_id, author, stars, created_at) VALUES ('osm:node/3', 'kari', 5, 0)"
          )
          inserted.signal()
          Thread.sleep(forTimeInterval: 1)
        }
      } catch {
        Issue.record("the teammate's rating failed: \(error)")
        inserted.signal()
      }
    }
    teammate.start()
    await withCheckedContinuation { done in
      DispatchQueue.global().async {
        inserted.wait(); done.resume()
      }
    }

    let report = try await Self.importCafes(Self.cafes([1, 2, 4, 5, 6, 7, 8, 9]), into: store)
    await withCheckedContinuation { done in
      DispatchQueue.global().async {
        committed.wait(); done.resume()
      }
    }
    #expect(report.kept == 1, "\(report)")
    #expect(report.removed == 0, "\(report)")
    let check = try PostgresConnection(target)
    #expect(try check.query("SELECT name FROM place WHERE id = 'osm:node/3'").first?.string(0) == "Kafé 3")
    #expect(try check.query("SELECT count(*) FROM rating").first?.int(0) == 1)
  }

  @Test func twoImportsAtOnceEachReportWhatTheirOwnMergeDid() async throws {
    let target = try PostgresTestServer.freshSchema()
    let first = try PostgresStore.open(target, user: "a")
    let second = try PostgresStore.open(target, user: "b")
    // The same 400 new places, named differently: whichever merges first adds them, the other updates them all.
    let ids = Array(1...400)
    async let one = Self.importCafes(Self.cafes(ids, name: "En"), into: first)
    async let two = Self.importCafes(Self.cafes(ids, name: "To"), into: second)
    let reports = try await [one, two]
    #expect(reports.map(\.tally.added).sorted() == [0, 400], "\(reports)")
    #expect(reports.map(\.tally.updated).sorted() == [0, 400], "\(reports)")
  }
}
