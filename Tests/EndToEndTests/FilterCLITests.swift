import Foundation
import JSONRPC
import Testing

/// `beacon search` with the filter flags, from the real binary, offline on the Helsinki demo data.
extension EndToEnd {
  @Suite struct FilterCLITests {
    static func run(_ arguments: [String], store: String, locale: String? = nil) throws -> CommandResult {
      let language = locale.map { ["--locale", $0] } ?? []
      return try BeaconProcess.run(
        ["--offline", "--store", store] + language + arguments,
        environment: ["BEACON_TEST_NOW": "2026-11-25T18:30:00+02:00"]
      )
    }

    static func storePath() -> String {
      FileManager.default.temporaryDirectory.appendingPathComponent("beacon-filters-\(UUID().uuidString).sqlite").path
    }

    @Test func everyFilterFlagReachesTheSearchAndEveryPlaceSatisfiesItsFilters() throws {
      let store = Self.storePath()
      defer { try? FileManager.default.removeItem(atPath: store) }
      let vegan = try Self.run(
        ["search", "--category", "restaurant", "--diet", "vegan", "--radius", "5", "--limit", "100", "--json"],
        store: store
      )
      #expect(vegan.termination == .exited(0), "\(vegan.stderr)")
      let result = try JSONParser.parse(Array(vegan.stdout.utf8))
      let places = result["places"]?.arrayValue ?? []
      #expect(places.count == 28, "\(vegan.stdout)")
      #expect(places.allSatisfy { $0["diet"]?.arrayValue?.contains("vegan") == true })
      #expect(result["excludedUnknown"]?["diet"] == 185)

      let all = try Self.run(
        [
          "search", "--diet", "vegan,vegetarian", "--wheelchair", "yes", "--open-at", "2026-11-25T19:00", "--open-for",
          "60", "--min-rating", "4", "--cuisine", "pizza", "--outdoor-seating", "--takeaway", "--radius", "5",
          "--json",
        ],
        store: store
      )
      #expect(all.termination == .exited(0), "\(all.stderr)")
      let filtered = try JSONParser.parse(Array(all.stdout.utf8))
      let counts = filtered["excludedUnknown"]?.objectValue ?? [:]
      #expect(
        Set(counts.keys) == ["diet", "cuisine", "wheelchair", "outdoorSeating", "takeaway", "openAt", "minRating"],
        "\(all.stdout)"
      )
      // Nothing is rated in a fresh store, so no place can pass `--min-rating`.
      #expect(filtered["places"]?.arrayValue?.isEmpty == true)
    }

    @Test func theTableShowsTheFactsAndWhatWasLeftOutForLackOfData() throws {
      let store = Self.storePath()
      defer { try? FileManager.default.removeItem(atPath: store) }
      let table = try Self.run(["search", "--category", "restaurant", "--wheelchair", "limited"], store: store)
      #expect(table.termination == .exited(0), "\(table.stderr)")
      #expect(table.stdout.contains("Fakta"), "\(table.stdout)")
      #expect(table.stdout.contains("Rullestol: ja") || table.stdout.contains("Rullestol: delvis"), "\(table.stdout)")
      #expect(table.stdout.contains("Utelatt fordi dataene ikke sier noe om det du filtrerte på: Rullestol "))
      let english = try Self.run(
        ["search", "--category", "restaurant", "--wheelchair", "limited"],
        store: store,
        locale: "en"
      )
      #expect(english.stdout.contains("Wheelchair: "), "\(english.stdout)")
    }

    @Test func badFilterValuesAreRefusedInTheUsersLanguage() throws {
      let store = Self.storePath()
      defer { try? FileManager.default.removeItem(atPath: store) }
      let diet = try Self.run(["search", "--diet", "pasta"], store: store)
      #expect(diet.termination == .exited(64), "\(diet.stderr)")
      #expect(diet.stderr.contains("--diet") && diet.stderr.contains("gluten_free"), "\(diet.stderr)")
      #expect(diet.stdout.isEmpty)

      let time = try Self.run(["search", "--open-at", "i kveld"], store: store)
      #expect(time.termination == .exited(64))
      #expect(time.stderr.contains("'i kveld' er ikke et gyldig tidspunkt for '--open-at'"), "\(time.stderr)")
      let nynorsk = try Self.run(["search", "--cuisine", "Pizza!"], store: store, locale: "nn")
      #expect(nynorsk.termination == .exited(64))
      #expect(nynorsk.stderr.contains("er ikkje ein gyldig verdi for '--cuisine'"), "\(nynorsk.stderr)")
      let english = try Self.run(
        ["call", "places/search", #"{"wheelchair":"no"}"#],
        store: store,
        locale: "en"
      )
      #expect(
        english.stdout.contains("valid values: yes, limited") || english.stderr.contains("valid values: yes, limited"),
        "\(english.stdout) \(english.stderr)"
      )
      let rating = try Self.run(["search", "--min-rating", "7"], store: store)
      #expect(rating.termination == .exited(64), "\(rating.stderr)")
    }

    @Test func favouritesTakeTheSameFilterFlags() throws {
      let store = Self.storePath()
      defer { try? FileManager.default.removeItem(atPath: store) }
      // Vapiano (vegan, outdoor seating, no step-free access) and Théhuone (no diet tags).
      for id in ["osm:node/1376356025", "osm:node/1007416273"] {
        let added = try Self.run(["favorites", "add", id], store: store)
        #expect(added.termination == .exited(0), "\(added.stderr)")
      }
      let vegan = try Self.run(["favorites", "--diet", "vegan", "--json"], store: store)
      #expect(vegan.termination == .exited(0), "\(vegan.stderr)")
      let result = try JSONParser.parse(Array(vegan.stdout.utf8))
      #expect(result["places"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["osm:node/1376356025"])
      #expect(result["excludedUnknown"] == ["diet": 1])
      let none = try Self.run(["favorites", "--wheelchair", "yes"], store: store, locale: "en")
      #expect(none.termination == .exited(0), "\(none.stderr)")
      #expect(none.stdout.contains("No results"), "\(none.stdout)")
      #expect(none.stdout.contains("Wheelchair 1"), "\(none.stdout)")
    }
  }
}
