import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon users …` as the built binary against a loopback fake randomuser.me and a temporary store, with the clock
/// fixed at Wednesday 25 November 2026, 13:00 in Oslo (`BEACON_TEST_NOW`).
extension EndToEnd {
  @Suite struct UserCLITests {
    /// A fake randomuser.me and one store shared by every command of a test.
    static func workspace() throws -> FakeAPIWorkspace {
      try FakeAPIWorkspace(
        server: RandomUserFixtures.server(),
        urlVariable: "BEACON_RANDOMUSER_URL",
        now: "2026-11-25T12:00:00Z"
      )
    }

    static func lines(_ text: String) -> [String] { FakeAPIWorkspace.lines(text) }

    static func id(_ index: Int, seed: String = "ios") -> String { RandomUserFixtures.uuid(seed: seed, index: index) }

    static func json(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test func theListIsATableOf100UsersOfTheSeedIos() throws {
      let workspace = try Self.workspace()
      let output = try workspace.succeed(["users"])
      let lines = Self.lines(output)
      #expect(lines.first == "100 brukere (seed 'ios'; ✎ = endret av deg)", "\(output)")
      let header = try #require(lines.dropFirst().first)
      for column in ["Navn", "By", "Fødselsdato", "Alder", "ID"] {
        #expect(header.contains(column), "\(header)")
      }
      let first = try #require(lines.first { $0.contains(Self.id(0)) })
      #expect(first.contains(".11.19"), "a Norwegian date: \(first)")
      #expect(lines.contains { $0.contains("29.02.1988") && $0.contains(" 38 ") }, "\(output)")
      #expect(lines.dropLast().last == "Data: Random User Generator (https://randomuser.me)", "\(output)")

      let json = try Self.json(try workspace.succeed(["users", "--json"]))
      #expect(json["users"]?.arrayValue?.count == 100)
      #expect(json["seed"] == "ios")
    }

    @Test func aProfileShowsEveryFieldAndTheBirthdayThisWeek() throws {
      let workspace = try Self.workspace()
      let output = try workspace.succeed(["users", "show", Self.id(0)])
      let lines = Self.lines(output)
      for label in ["Navn:", "By:", "E-post:", "Telefon:", "Fødselsdato:", "Alder:", "Bilde:", "Posisjon:", "ID:"] {
        #expect(lines.contains { $0.hasPrefix(label) }, "\(label) in \(output)")
      }
      #expect(lines.contains { $0.hasPrefix("By:") && $0.hasSuffix(", Norway") }, "\(output)")
      #expect(lines.contains { $0.hasPrefix("Bursdag:") && $0.hasSuffix("27.11.2026 – denne uken 🎉") }, "\(output)")
      #expect(lines.contains { $0.hasSuffix(" har bursdag denne uken 🎉") }, "\(output)")
      #expect(lines.contains("🍰 🎂 🧁"), "\(output)")

      let monday = try workspace.succeed(["users", "show", Self.id(2), "--locale", "en"])
      #expect(monday.contains("not this week"), "\(monday)")
      #expect(!monday.contains("🍰"), "\(monday)")
      #expect(monday.contains("Birth date:"), "\(monday)")
    }

    @Test func editDeleteAndANewSeedKeepTheEditedUser() throws {
      let workspace = try Self.workspace()
      _ = try workspace.succeed(["users"])
      let edited = try workspace.succeed([
        "users", "edit", Self.id(3), "--last-name", "Moksnes", "--birth-date", "15.06.1995", "--city", "Tromsø",
      ])
      let lines = Self.lines(edited)
      #expect(lines.first?.hasPrefix("Lagret endringene for '") == true, "\(edited)")
      #expect(lines.first?.hasSuffix(" Moksnes'") == true, "\(edited)")
      #expect(lines.contains { $0.hasPrefix("Fødselsdato:") && $0.hasSuffix("15.06.1995") }, "\(edited)")
      #expect(lines.contains { $0.hasPrefix("Alder:") && $0.hasSuffix(" 31") }, "\(edited)")
      #expect(lines.contains { $0.hasPrefix("Endret:") && $0.hasSuffix("✎ etternavn, by, fødselsdato") }, "\(edited)")
      let list = try workspace.succeed(["users"])
      #expect(Self.lines(list).contains { $0.hasPrefix("✎") && $0.contains(Self.id(3)) }, "\(list)")

      let deleted = try workspace.succeed(["users", "delete", Self.id(4)])
      #expect(deleted == "Brukeren '\(Self.id(4))' er slettet og kommer ikke tilbake\n")
      #expect(try workspace.succeed(["users", "delete", Self.id(4)]) == "Fant ingen bruker med id '\(Self.id(4))'\n")

      let seed = try workspace.succeed(["users", "seed", "android"])
      #expect(
        seed == "Seed er nå 'android': 98 slettet, 1 beholdt (endret av deg), 100 nye hentet; listen har 101 brukere\n"
      )
      let after = try Self.json(try workspace.succeed(["users", "--json"]))
      #expect(after["users"]?.arrayValue?.count == 101)
      #expect(after["users"]?.arrayValue?.first?["lastName"] == "Moksnes")
      #expect(workspace.server.requests.compactMap { $0.queryItems["seed"] } == ["ios", "android"])
    }

    @Test func theDirectoryWorksOfflineAfterARestart() throws {
      let workspace = try Self.workspace()
      _ = try workspace.succeed(["users"])
      _ = try workspace.succeed(["users", "edit", Self.id(5), "--email", "jana.moksnes@example.com"])
      workspace.server.stop()
      let offline = try workspace.succeed(["users", "--offline"])
      #expect(offline.hasPrefix("100 brukere"), "\(offline)")
      let profile = try workspace.succeed(["users", "show", Self.id(5), "--offline"])
      #expect(profile.contains("jana.moksnes@example.com"), "\(profile)")
      let online = try workspace.succeed(["users"])
      #expect(!online.contains("randomuser.me svarte ikke"), "the stored users are still fresh: \(online)")
      #expect(workspace.server.requests.count == 1)
    }

    @Test func theMapHasEveryUserOrTheOneItIsCentredOn() throws {
      let workspace = try Self.workspace()
      let all = try workspace.succeed(["users", "map"])
      #expect(all.hasPrefix("Kartet viser 100 brukere rundt "), "\(all)")
      let one = try workspace.succeed(["users", "map", Self.id(0)])
      #expect(one.hasPrefix("Kartet er sentrert på '"), "\(one)")
      #expect(Self.lines(one).filter { $0.contains(Self.id(0)) }.count == 1, "\(one)")

      let geojson = try Self.json(try workspace.succeed(["users", "map", "--geojson"]))
      #expect(geojson["type"] == "FeatureCollection")
      let features = try #require(geojson["features"]?.arrayValue)
      #expect(features.count == 100)
      #expect(features.first?["geometry"]?["type"] == "Point")
      #expect(features.first?["properties"]?["picture"]?["thumbnail"] != nil)
      let single = try Self.json(try workspace.succeed(["users", "map", Self.id(0), "--geojson"]))
      #expect(single["features"]?.arrayValue?.count == 1)
    }

    @Test func errorsAreSentencesOnStderrWithExitCodes() throws {
      let workspace = try Self.workspace()
      let unknown = try workspace.run(["users", "show", "nope"])
      #expect(unknown.termination == .exited(1))
      #expect(unknown.stdout.isEmpty)
      #expect(unknown.stderr.contains("Fant ingen bruker med id 'nope'"), "\(unknown.stderr)")

      let email = try workspace.run(["users", "edit", Self.id(0), "--email", "jana"])
      #expect(email.termination == .exited(64), "a value refused is a bad command line")
      #expect(email.stderr.contains("'jana' er ikke en e-postadresse"), "\(email.stderr)")

      let future = try workspace.run(["users", "edit", Self.id(0), "--birth-date", "01.01.2027"])
      #expect(future.termination == .exited(64))
      #expect(future.stderr.contains("Fødselsdatoen kan ikke være i fremtiden"), "\(future.stderr)")

      for arguments in [
        ["users", "edit", Self.id(0)], ["users", "salad"], ["users", "show"], ["users", "--geojson"],
        ["users", "seed"],
        ["users", "map", "a", "b"], ["users", "show", "x", "--city", "Oslo"],
      ] {
        let usage = try workspace.run(arguments)
        #expect(usage.termination == .exited(64), "\(arguments): \(usage.stderr)")
      }

      // With stored users an outage is no error (they stand in as stale); without them it is.
      workspace.server.handler = { _ in .json(RandomUserFixtures.troubleBody, status: 503) }
      let stale = try workspace.run(["users", "--refresh"])
      #expect(stale.termination == .exited(0), "\(stale.stderr)")
      #expect(stale.stdout.contains("Viser lagrede brukere fra"), "\(stale.stdout)")
      let empty = try Self.workspace()
      empty.server.handler = { _ in .json(RandomUserFixtures.troubleBody, status: 503) }
      let down = try empty.run(["users"])
      #expect(down.termination == .exited(1))
      #expect(down.stdout.isEmpty)
      #expect(down.stderr.contains("randomuser.me svarer ikke som det skal akkurat nå"), "\(down.stderr)")
    }
  }
}
