import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconCore
@testable import BeaconServer

/// `beacon crypto …` as the built binary against a loopback fake CoinLore and a temporary store, with the clock fixed
/// at Sunday 22 November 2026, 13:00 in Oslo (`BEACON_TEST_NOW`).
extension EndToEnd {
  @Suite struct CryptoCLITests {
    /// A fake CoinLore and one store shared by every command of a test.
    static func workspace() throws -> FakeAPIWorkspace {
      try FakeAPIWorkspace(
        server: CoinLoreFixtures.server(),
        urlVariable: "BEACON_COINLORE_URL",
        now: "2026-11-22T12:00:00Z"
      )
    }

    static func lines(_ text: String) -> [String] { FakeAPIWorkspace.lines(text) }

    @Test func theOverviewListsEveryFigure() throws {
      let workspace = try Self.workspace()
      let lines = Self.lines(try workspace.succeed(["crypto"]))
      #expect(lines.first == "Kryptovalutaer:                  6 441")
      #expect(lines.contains("Samlet markedsverdi:             $2,499,568,847,643.18"))
      #expect(lines.contains("Endring i markedsverdi:          -4,25 %"))
      #expect(lines.dropLast().last == "Data: CoinLore (https://www.coinlore.com)")
    }

    @Test func theListSortsAndSwitchesToKronerOnceARateIsSet() throws {
      let workspace = try Self.workspace()
      let sorted = Self.lines(try workspace.succeed(["crypto", "list", "--sort", "change7d", "--order", "asc"]))
      #expect(sorted.first?.contains("Pris") == true)
      #expect(sorted.dropFirst().first?.contains("Shiba Inu") == true, "\(sorted)")
      #expect(sorted.dropFirst().first?.contains("$0.00001234") == true)
      _ = try workspace.succeed(["crypto", "settings", "--nok-rate", "10,8", "--alert-threshold", "50"])
      let kroner = try workspace.succeed(["crypto", "list", "--limit", "1"])
      #expect(kroner.contains("1 075 513,57 kr"), "\(kroner)")
      #expect(workspace.server.requests.last?.target == "/api/tickers/?limit=1&start=0")
      let json = try JSONParser.parse(Array(try workspace.succeed(["crypto", "settings", "--json"]).utf8))
      #expect(json == ["nokRate": 10.8, "alertThreshold": 50])
      _ = try workspace.succeed(["crypto", "settings", "--nok-rate", "none"])
      #expect(try workspace.succeed(["crypto", "show", "90"]).contains("$99,584.59"))
    }

    @Test func statsWriteTheChartAsSVG() throws {
      let workspace = try Self.workspace()
      let file = workspace.directory.appendingPathComponent("chart.svg")
      let output = try workspace.succeed(["crypto", "stats", "--svg", file.path])
      #expect(output.contains("💰💰💰 Endring over 10 %:"), "\(output)")
      #expect(output.contains("Diagrammet er lagret i"))
      #expect(workspace.server.requests.first?.target == "/api/ticker/?id=90,80,58")
      let svg = try String(contentsOf: file, encoding: .utf8)
      #expect(svg.hasPrefix("<?xml"))
      for name in ["Bitcoin", "Ethereum", "XRP", "Kryptovaluta"] {
        #expect(svg.contains(">\(name)</text>"), "\(name)")
      }
      #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func errorsAreSentencesOnStderr() throws {
      let workspace = try Self.workspace()
      let unknown = try workspace.run(["crypto", "show", "999"])
      #expect(unknown.termination == .exited(1))
      #expect(unknown.stdout.isEmpty)
      #expect(unknown.stderr.contains("CoinLore kjenner ingen kryptovaluta med id '999'"))
      let badSort = try workspace.run(["crypto", "list", "--sort", "name"])
      #expect(badSort.termination == .exited(64))
      #expect(badSort.stderr.contains("Ugyldig verdi 'name' for '--sort'"))
      workspace.server.handler = { _ in .json("{}", status: 503) }
      let down = try workspace.run(["crypto"])
      #expect(down.termination == .exited(1))
      #expect(down.stderr.contains("CoinLore svarer ikke som det skal akkurat nå"), "\(down.stderr)")
    }

    @Test func aStaleOverviewSaysSo() throws {
      let workspace = try Self.workspace()
      _ = try workspace.succeed(["crypto"])
      workspace.server.handler = { _ in .fault(.closeWithoutResponse) }
      let output = try workspace.succeed(["crypto", "global", "--refresh"])
      #expect(output.contains("Viser lagrede data fra"), "\(output)")
      #expect(output.contains("6 441"))
    }

    @Test(arguments: [
      (["crypto", "list", "--limit", "0"], "'--limit' må være fra 1 til 100, ikke 0"),
      (["crypto", "list", "--start", "-1"], "'--start' må være minst 0, ikke -1"),
      (["crypto", "settings", "--alert-threshold", "150"], "'--alert-threshold' må være fra 0 til 100 %, ikke 150 %"),
    ])
    func aValueOutOfRangeIsAUsageErrorInTheOptionsOwnUnit(_ arguments: [String], _ expected: String) throws {
      try UsageErrorTests.expectUsageError(arguments, expected)
    }

    @Test(arguments: [
      (["crypto"], "beacon crypto [global]"),
      (["crypto", "list"], "beacon crypto list"),
      (["crypto", "show", "90"], "beacon crypto show"),
      (["crypto", "stats"], "beacon crypto stats"),
      (["crypto", "settings"], "beacon crypto settings"),
    ])
    func theHelpNamesExactlyTheOptionsTheCommandAccepts(_ arguments: [String], _ entry: String) throws {
      try HelpCompletenessTests.expectHelpNamesExactlyTheOptions(of: arguments, entry: entry)
    }

    @Test func theCryptoToolSetJoinsTheRatingsTools() throws {
      let crypto = try MCPEndToEndTests.toolNames(["mcp", "--toolsets=crypto,ratings"])
      #expect(crypto.first == "rating_list" && crypto.contains("crypto_ticker") && !crypto.contains("places_search"))
    }

    @Test func recoverKeepsTheCryptoSettings() throws {
      let sql = "INSERT INTO crypto_settings (id, nok_rate, alert_threshold) VALUES (1, 10.5, 7)"
      let store = try DamagedStoreTests.madeStore(rows: sql)
      #expect(store.stdout.contains("'crypto_settings': 1 row"), "\(store.stdout)")
      let rows = try Database(path: store.recovered).query("SELECT nok_rate, alert_threshold FROM crypto_settings")
      #expect(rows.count == 1)
      #expect(rows.first?.double(0) == 10.5)
      #expect(try Database(path: store.recovered).query("SELECT 1 FROM crypto_coin LIMIT 1").isEmpty)
    }
  }
}
