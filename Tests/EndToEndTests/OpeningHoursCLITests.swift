import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// "Is it open now?" from the real binary, offline on the Helsinki demo data, with the clock fixed by
/// `BEACON_TEST_NOW` (honoured only with `BEACON_TEST_METHODS=1`, which the harness sets).
extension EndToEnd {
  @Suite struct OpeningHoursCLITests {
    /// Wednesday 2026-03-25, 12:00 in Helsinki.
    static let wednesdayNoon = "2026-03-25T12:00:00+02:00"
    /// Théhuone, a demo café open Mo-Fr 10:00-19:00; Sa 10:00-18:00.
    static let theHuone = "osm:node/1007416273"

    static func run(_ arguments: [String], at now: String = wednesdayNoon, store: String) throws -> CommandResult {
      try BeaconProcess.run(["--offline", "--store", store] + arguments, environment: ["BEACON_TEST_NOW": now])
    }

    @Test func searchOpenNowShowsOnlyOpenPlacesWithTheirClosingTime() throws {
      let directory = TemporaryDirectory("beacon-hours")
      let store = directory.storePath
      let table = try Self.run(["search", "--category", "cafe", "--open-now", "--limit", "5"], store: store)
      #expect(table.termination == .exited(0), "\(table.stderr)")
      let lines = table.stdout.split(separator: "\n").map(String.init)
      let header = try #require(lines.first { $0.contains("Navn") }, "\(table.stdout)")
      #expect(header.contains("Åpent"))
      let rows = lines.filter { $0.contains("osm:") }
      #expect(rows.count == 5, "\(table.stdout)")
      #expect(rows.allSatisfy { $0.contains("Åpen nå") }, "\(table.stdout)")
      // Espresso House at Kaivokatu 8 (Mo-Fr 07:00-22:00 …), the nearest open café.
      #expect(rows.first?.contains("Åpen nå – stenger 22:00") == true, "\(table.stdout)")

      let json = try Self.run(["search", "--category", "cafe", "--open-now", "--limit", "5", "--json"], store: store)
      let result = try JSONParser.parse(Array(json.stdout.utf8))
      let places = result["places"]?.arrayValue ?? []
      #expect(places.count == 5)
      #expect(places.allSatisfy { $0["openNow"] == true })
      // Closing times are Helsinki's clock (+02:00 in March); a place open round the clock has none.
      #expect(places.compactMap { $0["closesAt"]?.stringValue }.allSatisfy { $0.hasSuffix("+02:00") })
      #expect(places.compactMap { $0["closesAt"]?.stringValue }.count >= 4)
    }

    @Test func detailsSayWhetherThePlaceIsOpenAndUntilWhen() throws {
      let directory = TemporaryDirectory("beacon-hours")
      let store = directory.storePath
      _ = try Self.run(["search", "--category", "cafe"], store: store)
      let open = try Self.run(["details", Self.theHuone], store: store)
      #expect(open.termination == .exited(0), "\(open.stderr)")
      #expect(open.stdout.contains("Mo-Fr 10:00-19:00; Sa 10:00-18:00"), "\(open.stdout)")
      #expect(
        open.stdout.split(separator: "\n").contains {
          $0.hasPrefix("Status:") && $0.hasSuffix("Åpen nå – stenger 19:00")
        }
      )
      // Saturday evening: closed until Monday morning, more than a day ahead, in English.
      let closed = try Self.run(
        ["details", Self.theHuone, "--locale", "en"],
        at: "2026-03-28T20:00:00+02:00",
        store: store
      )
      #expect(closed.stdout.contains("Closed – opens Mon 10:00"), "\(closed.stdout)")
    }

    @Test func favoritesOpenNow() throws {
      let directory = TemporaryDirectory("beacon-hours")
      let store = directory.storePath
      _ = try Self.run(["search", "--category", "cafe"], store: store)
      #expect(try Self.run(["favorites", "add", Self.theHuone], store: store).termination == .exited(0))
      let open = try Self.run(["favorites", "--open-now"], store: store)
      #expect(open.stdout.contains("Théhuone"), "\(open.stdout)")
      let sunday = try Self.run(["favorites", "--open-now"], at: "2026-03-29T12:00:00+03:00", store: store)
      #expect(sunday.termination == .exited(0))
      #expect(sunday.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "Ingen treff er åpne nå")
      let misplaced = try Self.run(["favorites", "add", Self.theHuone, "--open-now"], store: store)
      #expect(misplaced.termination == .exited(64))
    }
  }
}
