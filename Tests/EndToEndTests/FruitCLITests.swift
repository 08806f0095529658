import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon fruits …` as the built binary against a loopback fake Fruityvice and a temporary store, with the clock
/// fixed at Sunday 22 November 2026, 13:00 in Oslo (`BEACON_TEST_NOW`).
extension EndToEnd {
  @Suite struct FruitCLITests {
    /// A fake Fruityvice and one store shared by every command of a test.
    static func workspace() throws -> FakeAPIWorkspace {
      try FakeAPIWorkspace(
        server: FruityviceFixtures.server(),
        urlVariable: "BEACON_FRUITYVICE_URL",
        now: "2026-11-22T12:00:00Z"
      )
    }

    static func lines(_ text: String) -> [String] { FakeAPIWorkspace.lines(text) }

    @Test func theListIsATableSortedByIdWithTheFamilysColour() throws {
      let workspace = try Self.workspace()
      let output = try workspace.succeed(["fruits"])
      let lines = Self.lines(output)
      let header = try #require(lines.first)
      for column in ["ID", "Navn", "Familie", "Farge", "Slekt", "Orden"] {
        #expect(header.contains(column), "\(header)")
      }
      #expect(lines.dropFirst().first?.contains("Banana") == true, "\(output)")
      let persimmon = try #require(lines.first { $0.contains("Japanese Persimmon") })
      #expect(persimmon.contains("Ebenaceae"))
      let colour = try #require(persimmon.range(of: "#[0-9A-F]{6}", options: .regularExpression))
      let persimmonColour = String(persimmon[colour])
      #expect(lines.first { $0.contains("  Persimmon") }?.contains(persimmonColour) == true, "one family, one colour")
      #expect(lines.dropLast().last == "Data: Fruityvice (https://www.fruityvice.com)", "\(output)")

      let json = try JSONParser.parse(Array(try workspace.succeed(["fruits", "--json"]).utf8))
      #expect(json["fruits"]?.arrayValue?.count == 16)
    }

    @Test func showGivesEveryFieldTheSugarNoticeAndTheRain() throws {
      let workspace = try Self.workspace()
      _ = try workspace.succeed(["fruits", "eat", "1", "--at", "2026-11-20T18:00:00+01:00"])
      let output = try workspace.succeed(["fruits", "show", "1"])
      let lines = Self.lines(output)
      #expect(lines.contains { $0.hasPrefix("Navn:") && $0.hasSuffix("Banana") }, "\(output)")
      #expect(lines.contains { $0.hasPrefix("Sukker:") && $0.hasSuffix("17,2 g") }, "\(output)")
      #expect(lines.contains { $0.hasPrefix("Kalorier (per 100 g):") && $0.hasSuffix("96 kcal") }, "\(output)")
      #expect(lines.contains { $0.hasSuffix("🍌 × 1: spist 1 gang de siste 30 dagene") }, "\(output)")
      #expect(lines.contains("⚠ Denne frukten har høyt sukkernivå"), "\(output)")

      let english = try workspace.succeed(["fruits", "show", "6", "--locale", "en"])
      #expect(english.contains("⚠ This fruit is high in sugar"), "\(english)")
      #expect(english.contains("Sugar:"), "\(english)")
      #expect(english.contains("not eaten in the last 30 days"), "\(english)")
    }

    @Test func eatListAndRemoveThroughTheLog() throws {
      let workspace = try Self.workspace()
      let eaten = try workspace.succeed(["fruits", "eat", "1", "--at", "2026-11-22T08:30:00+01:00"])
      #expect(eaten == "Loggført: 'Banana' spist 2026-11-22 08:30 (loggføring 1)\n")
      _ = try workspace.succeed(["fruits", "eat", "4", "--at", "2026-11-21T23:30:00Z"])
      _ = try workspace.succeed(["fruits", "eat", "3", "--at", "2026-11-21T22:59:00Z"])
      let now = try workspace.succeed(["fruits", "eat", "2"])
      #expect(now.contains("2026-11-22 13:00"), "without --at it is the fixed now: \(now)")

      let log = try workspace.succeed(["fruits", "log"])
      let lines = Self.lines(log)
      #expect(lines.first == "2026-11-22", "\(log)")
      #expect(lines.contains("2026-11-21"), "\(log)")
      #expect(
        lines.contains("  Totalt: 196 kcal · fett 0,5 g · sukker 35,4 g · karbohydrater 45,3 g · protein 2,4 g"),
        "\(log)"
      )
      #expect(lines.contains { $0.contains("00:30") && $0.contains("Pear") }, "\(log)")

      let json = try JSONParser.parse(
        Array(try workspace.succeed(["fruits", "log", "--from", "2026-11-21", "--json"]).utf8)
      )
      #expect(json["days"]?.arrayValue?.count == 2)
      #expect(json["days"]?.arrayValue?.last?["entries"]?.arrayValue?.first?["name"] == "Strawberry")

      #expect(try workspace.succeed(["fruits", "log", "remove", "1"]) == "Loggføring 1 er fjernet\n")
      #expect(try workspace.succeed(["fruits", "log", "remove", "1"]) == "Fant ingen loggføring 1\n")
      #expect(try workspace.succeed(["fruits", "log", "--to", "2026-11-01"]).hasPrefix("Ingen frukt er loggført ennå"))
    }

    @Test func groupsAndAGroupWorkOfflineAfterOneFetch() throws {
      let workspace = try Self.workspace()
      let groups = try workspace.succeed(["fruits", "groups"])
      #expect(groups.contains("Familier (10):"), "\(groups)")
      #expect(groups.contains("Slekter (13):"), "\(groups)")
      #expect(groups.contains("Ordener (10):"), "\(groups)")
      let family = try workspace.succeed(["fruits", "family", "Rosaceae"])
      #expect(family.hasPrefix("Familie 'Rosaceae': 4 frukter"), "\(family)")
      #expect(workspace.server.requests.map(\.target) == ["/api/fruit/all", "/api/fruit/family/Rosaceae"])

      workspace.server.stop()
      let offline = try workspace.succeed(["fruits", "genus", "Citrus", "--offline"])
      #expect(offline.contains("Orange") && offline.contains("Lemon"), "\(offline)")
      #expect(!offline.contains("Fruityvice svarte ikke"), "the stored catalogue is still fresh: \(offline)")
      let list = try workspace.succeed(["fruits"])
      #expect(list.contains("Hazelnut"))
    }

    @Test func errorsAreSentencesOnStderrWithExitCodes() throws {
      let workspace = try Self.workspace()
      let unknown = try workspace.run(["fruits", "show", "999"])
      #expect(unknown.termination == .exited(1))
      #expect(unknown.stdout.isEmpty)
      #expect(unknown.stderr.contains("Fant ingen frukt med id 999"), "\(unknown.stderr)")

      let future = try workspace.run(["fruits", "eat", "1", "--at", "2026-11-22T13:00:01+01:00"])
      #expect(future.termination == .exited(64), "a value refused is a bad command line")
      #expect(future.stderr.contains("Tidspunktet kan ikke være i fremtiden"), "\(future.stderr)")

      let noGroup = try workspace.run(["fruits", "order", "Nope"])
      #expect(noGroup.termination == .exited(1))
      #expect(noGroup.stderr.contains("Fruityvice kjenner ingen orden 'Nope'"), "\(noGroup.stderr)")

      for arguments in [["fruits", "show", "x"], ["fruits", "salad"], ["fruits", "eat"], ["fruits", "--geojson"]] {
        let usage = try workspace.run(arguments)
        #expect(usage.termination == .exited(64), "\(arguments): \(usage.stderr)")
      }

      // With a stored catalogue an outage is no error (it stands in as stale); without one it is.
      workspace.server.handler = { _ in .json(#"{"error": "down"}"#, status: 503) }
      let stale = try workspace.run(["fruits", "--refresh"])
      #expect(stale.termination == .exited(0), "\(stale.stderr)")
      #expect(stale.stdout.contains("Viser lagrede data fra"), "\(stale.stdout)")
      let empty = try Self.workspace()
      empty.server.handler = { _ in .json(#"{"error": "down"}"#, status: 503) }
      let down = try empty.run(["fruits"])
      #expect(down.termination == .exited(1))
      #expect(down.stdout.isEmpty)
      #expect(down.stderr.contains("Fruityvice svarer ikke som det skal akkurat nå"), "\(down.stderr)")
    }
  }
}
