import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconCore

/// A store file with a damaged page: the user is told that the file is damaged, where it is and what to do;
/// `beacon store check` says what can be read and `beacon store recover` copies it into a new store, leaving the
/// damaged file as it was.
extension EndToEnd {
  @Suite struct DamagedStoreTests {
    /// A store of 2 000 places (each row a few hundred bytes, so the table spans many pages) with a rating and a
    /// favourite, and one page of the place table overwritten with garbage.
    final class DamagedStore {
      private let temporary = TemporaryDirectory("beacon-damaged")
      let path: String
      static let count = 2_000
      /// A place on the damaged page.
      static let damagedID = "place-1000"

      init(damaged: Bool = true) async throws {
        path = temporary.file("beacon.sqlite")
        do {
          let store = try Store.open(path: path)
          try await store.upsert(
            (0..<Self.count).map { index in
              Place(
                id: "place-\(index)",
                name: "Sted nummer \(index)",
                category: .cafe,
                location: Coordinate(lat: 59.9 + Double(index) / 1_000_000, lon: 10.7),
                address: "Gate \(index), " + String(repeating: "lang adresse ", count: 20),
                source: "test"
              )
            }
          )
          _ = try await store.addRating(placeId: "place-3", stars: 4, comment: "god kaffe")
          _ = try await store.addFavorite(placeId: "place-3")
        }
        guard damaged else { return }
        // The page holding place 1000's row: found by its name, which only the table itself stores.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let needle = Data("Sted nummer 1000".utf8)
        let offset = try #require(bytes.range(of: needle)).lowerBound
        let page = offset / 4096 * 4096
        bytes.replaceSubrange(page..<page + 4096, with: Data(repeating: 0xA5, count: 4096))
        try bytes.write(to: URL(fileURLWithPath: path))
      }

      var contents: Data { (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data() }

      /// The folder that holds the store (removed when the value goes).
      var directory: URL { temporary.url }
    }

    @Test func readingADamagedRowSaysTheFileIsDamagedWhereItIsAndWhatToDo() async throws {
      let store = try await DamagedStore()
      let result = try BeaconProcess.run(["--store", store.path, "--offline", "details", DamagedStore.damagedID])
      #expect(result.termination == .exited(1))
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr.hasPrefix("Databasefilen '\(store.path)' er skadet. Kjør 'beacon store check'"),
        "\(result.stderr)"
      )
      #expect(result.stderr.contains("'beacon store recover'"))
      #expect(!result.stderr.contains("SQLite"), "no SQLite codes for the user: \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func overJSONRPCTheErrorCarriesThePathAndTheReasonInTheClientsLanguage() async throws {
      let store = try await DamagedStore()
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": store.path, "BEACON_OFFLINE": "1"])
      _ = try beacon.initialize(["locale": "en"])
      beacon.request("places/details", id: 1, params: ["id": .string(DamagedStore.damagedID)])
      let error = try #require(try beacon.response(id: 1)["error"])
      #expect(error["code"] == -33012)
      #expect(error["data"] == ["kind": "storageFailure", "reason": "damaged", "path": .string(store.path)])
      #expect(error["message"]?.stringValue?.hasPrefix("The database file '\(store.path)' is damaged.") == true)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func checkReportsTheDamageAndRecoverCopiesWhatCanBeReadLeavingTheFileAlone() async throws {
      let store = try await DamagedStore()
      let before = store.contents
      let check = try BeaconProcess.run(["--store", store.path, "store", "check"])
      #expect(check.termination == .exited(1))
      let lines = check.stdout.split(separator: "\n").map(String.init)
      #expect(lines.first == "Databasen '\(store.path)' er skadet; 1 tabell har rader som ikke kan leses", "\(lines)")
      let placeLine = try #require(lines.first { $0.contains("'place'") })
      #expect(placeLine.hasSuffix("rader (noen rader kunne ikke leses)"), "\(placeLine)")
      #expect(lines.contains("  'rating': 1 rad"), "\(lines)")
      #expect(check.stderr.hasPrefix("Kjør 'beacon store recover'"), "\(check.stderr)")

      let output = store.directory.appendingPathComponent("berget.sqlite").path
      let recover = try BeaconProcess.run(
        ["--store", store.path, "--locale", "en", "store", "recover", "--output", output]
      )
      #expect(recover.termination == .exited(0), "\(recover.stderr)")
      #expect(recover.stdout.hasPrefix("Copied what could be read from '\(store.path)' into the new database"))
      #expect(recover.stdout.contains("'\(store.path)' is unchanged. Use the new file with --store '\(output)'"))
      #expect(store.contents == before, "the damaged file is never written")

      let recovered = try Store.open(path: output)
      #expect(try await recovered.integrityCheck() == "ok")
      let copied = try #require(
        recover.stdout.split(separator: "\n").first { $0.contains("'place'") }.flatMap { line in
          line.split(separator: " ").compactMap { Int($0) }.first
        }
      )
      // Only the rows on the damaged page are lost (a 4 KiB page holds at most 15 of these rows), and recover
      // copies exactly what check could read.
      #expect(copied >= DamagedStore.count - 15 && copied < DamagedStore.count, "\(recover.stdout)")
      #expect(placeLine == "  'place': \(copied) rader (noen rader kunne ikke leses)", "\(check.stdout)")
      #expect(try await recovered.place(id: "place-1999")?.name == "Sted nummer 1999")
      #expect(try await recovered.place(id: DamagedStore.damagedID) == nil)
      #expect(try await recovered.ratings(placeId: "place-3").ratings.first?.comment == "god kaffe")
      #expect(try await recovered.favoriteIDs(among: ["place-3"]) == ["place-3"])

      // The recovered store works for searches (its spatial and text indexes were rebuilt by the inserts).
      let search = try BeaconProcess.run(
        [
          "--store", output, "--offline", "search", "--near", "59.9,10.7", "--category", "cafe", "--text",
          "nummer 1999",
          "--json",
        ]
      )
      #expect(search.termination == .exited(0), "\(search.stderr)")
      #expect(search.stdout.contains("place-1999"))

      let nowhere = store.directory.appendingPathComponent("no/such/dir/x.sqlite").path
      let missingFolder = try BeaconProcess.run(["--store", store.path, "store", "recover", "--output", nowhere])
      #expect(missingFolder.termination == .exited(1))
      #expect(missingFolder.stderr.hasPrefix("Mappen '\(store.directory.path)/no/such/dir' finnes ikke"))
      #expect(!FileManager.default.fileExists(atPath: store.directory.appendingPathComponent("no").path))

      let again = try BeaconProcess.run(["--store", store.path, "store", "recover", "--output", output])
      #expect(again.termination == .exited(1))
      #expect(again.stderr.contains("finnes allerede og blir ikke overskrevet"), "\(again.stderr)")
    }

    @Test func recoverWithoutAnOutputWritesANewFileNextToTheDamagedOne() async throws {
      let store = try await DamagedStore()
      let recover = try BeaconProcess.run(["--store", store.path, "--locale", "nn", "store", "recover"])
      #expect(recover.termination == .exited(0), "\(recover.stderr)")
      let files = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
      let made = try #require(files.first { $0.hasPrefix("beacon-recovered-") && $0.hasSuffix(".sqlite") }, "\(files)")
      let output = store.directory.appendingPathComponent(made).path
      #expect(
        recover.stdout.hasPrefix("Kopierte det som kunne lesast frå '\(store.path)' til den nye databasen '\(output)':")
      )
      #expect(try await Store.open(path: output).integrityCheck() == "ok")
    }

    @Test func recoverKeepsTheSideDomainsTablesAndRows() throws {
      // The program makes its store with every feature's tables; the recovered store has every one of them.
      let store = try Self.madeStore(rows: nil)
      let tables = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
      let made = try Database(path: store.path).query(tables).compactMap { $0.string(0) }
      #expect(made.count > 1, "\(made)")
      #expect(try Database(path: store.recovered).query(tables).compactMap { $0.string(0) } == made)
    }

    /// A store the program made with every feature's tables, `rows` (SQL) run on it, recovered with
    /// `beacon store recover --output`: its directory (removed when let go), its path, the recovered store's and what `recover` printed. A feature's tests
    /// use it to see their rows kept.
    static func madeStore(
      rows: String?
    ) throws -> (directory: TemporaryDirectory, path: String, recovered: String, stdout: String) {
      let directory = TemporaryDirectory("beacon-recover-domains")
      let path = directory.file("beacon.sqlite")
      let made = try BeaconProcess.run(["--store", path, "--offline", "settings"])
      #expect(made.termination == .exited(0), "\(made.stderr)")
      if let rows { try Database(path: path).run(rows) }
      let output = directory.file("recovered.sqlite")
      let recover = try BeaconProcess.run(["--store", path, "--locale", "en", "store", "recover", "--output", output])
      #expect(recover.termination == .exited(0), "\(recover.stderr)")
      return (directory, path, output, recover.stdout)
    }

    @Test func checkOfASoundStoreSaysSoAndExits0() async throws {
      let store = try await DamagedStore(damaged: false)
      let check = try BeaconProcess.run(["--store", store.path, "--locale", "nn", "store", "check"])
      #expect(check.termination == .exited(0), "\(check.stderr)")
      #expect(check.stdout.hasPrefix("Databasen '\(store.path)' er i orden\n"), "\(check.stdout)")
      #expect(check.stdout.contains("  'place': 2000 rader\n"))
    }

    /// `store check` speaks the language the store keeps, as every other command does, unless `--locale` (or
    /// `BEACON_LOCALE`) names one. It spoke the default's (nb).
    @Test func checkSpeaksTheLanguageTheStoreKeepsUnlessToldOtherwise() async throws {
      let store = try await DamagedStore(damaged: false)
      let update = try BeaconProcess.run(
        ["--store", store.path, "--offline", "call", "settings/update", #"{"locale":"en"}"#]
      )
      #expect(update.termination == .exited(0), "\(update.stderr)")
      let check = try BeaconProcess.run(["--store", store.path, "store", "check"])
      #expect(check.stdout.hasPrefix("The database '\(store.path)' is sound\n"), "\(check.stdout)")
      let told = try BeaconProcess.run(["--store", store.path, "--locale", "nn", "store", "check"])
      #expect(told.stdout.hasPrefix("Databasen '\(store.path)' er i orden\n"), "\(told.stdout)")
    }

    @Test func aFileThatIsNoDatabaseAtAllIsSaidPlainly() throws {
      let directory = TemporaryDirectory("beacon-garbage")
      let path = directory.file("beacon.sqlite")
      try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
      let search = try BeaconProcess.run(["--store", path, "--offline", "settings"])
      #expect(search.termination == .exited(1))
      #expect(search.stderr.hasPrefix("Databasefilen '\(path)' er skadet."), "\(search.stderr)")
      let check = try BeaconProcess.run(["--store", path, "store", "check"])
      #expect(check.termination == .exited(1))
      #expect(check.stderr.contains("kan ikke leses som en database; ingenting kan reddes fra den"), "\(check.stderr)")
      let missing = try BeaconProcess.run(["--store", path + "-nope", "store", "check", "--locale", "en"])
      #expect(missing.termination == .exited(1))
      #expect(missing.stderr == "There is no database '\(path)-nope'\n")
    }
  }
}
