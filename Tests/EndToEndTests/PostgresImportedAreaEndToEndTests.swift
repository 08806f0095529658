import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// The centre of the team's latest import on a PostgreSQL store, through the binary: a search or favourites list
/// without a centre starts there, for every user who stored none, as a SQLite store starts from its imported area.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresImportedAreaEndToEndTests {
    @Test func aSearchWithoutACentreStartsFromTheImportedPlacesAsOnSQLite() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let directory = TemporaryDirectory("beacon-pg-area")
      let sqlite = directory.url.appendingPathComponent("store.sqlite").path
      let file = directory.url.appendingPathComponent("oslo.geojson")
      try Data(EndToEnd.HumanCLITests.osmExport.utf8).write(to: file)
      let search = ["--offline", "search", "--category", "cafe", "--radius", "1"]
      // Before any import the server has only the default centre (Oslo S), 1.2 km from the cafés.
      let before = try PostgresImportEndToEndTests.json(url, search)
      #expect(before["centerSource"] == "settings", "\(before)")
      #expect(PostgresPlacesEndToEndTests.ids(before) == [])

      var answers: [JSONValue] = []
      for store in [sqlite, url] {
        _ = try PostgresImportEndToEndTests.json(store, ["import", file.path])
        answers.append(PostgresPlacesEndToEndTests.timeless(try PostgresImportEndToEndTests.json(store, search)))
      }
      #expect(answers[1] == answers[0])
      #expect(answers[1]["centerSource"] == "imported", "\(answers[1])")
      #expect(PostgresPlacesEndToEndTests.ids(answers[1]) == ["osm:node/102", "osm:node/104"], "\(answers[1])")
      // Another user of the team starts there too; a user's own centre, once stored, wins.
      let kari = try BeaconProcess.run(
        ["--store", url, "--user", "kari", "--json"] + search,
        environment: ["BEACON_OFFLINE": "1"]
      )
      #expect((try? EndToEnd.HumanCLITests.parse(kari.stdout))?["centerSource"] == "imported", "\(kari.stderr)")
      _ = try PostgresImportEndToEndTests.json(url, search + ["--near", "59.9111,10.7503"])
      let stored = try PostgresImportEndToEndTests.json(url, search)
      #expect(stored["centerSource"] == "settings")
      #expect(PostgresPlacesEndToEndTests.ids(stored) == [])
    }
  }
}
