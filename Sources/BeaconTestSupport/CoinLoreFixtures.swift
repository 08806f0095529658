import BeaconJSON
import Foundation

/// CoinLore-shaped answers written for Beacon's tests, modelled on real `/api/global/`, `/api/tickers/` and
/// `/api/ticker/` responses with their traps: numbers as strings (`"0.20"`), scientific notation (`"3.14E-10"`,
/// `"5.8951910369752E+14"`), negative changes, `msupply` as `""` or null, `volume24` a number on `/tickers/` and a
/// string on `/ticker/` (with `volume24_native` instead of `volume24a`), and `/global/` as an array of one object
/// whose `volume_ath` exceeds 2^53.
///
/// The eight coins have ties on purpose (Bitcoin's and Dogecoin's 24 h change, Ethereum's and Shiba Inu's 1 h change,
/// Bitcoin's and Render's 7 d change) so sorting can be checked for stability, and a tiny price (`0.00001234`).
package enum CoinLoreFixtures {
  /// `/api/global/`: an array of one object, the percentages as strings.
  package static let global = #"""
    [
      {
        "coins_count": 6441,
        "active_markets": 17685,
        "total_mcap": 2499568847643.1787,
        "total_volume": 172809052616.55072,
        "btc_d": "43.86",
        "eth_d": "19.25",
        "mcap_change": "-4.25",
        "volume_change": "8.44",
        "avg_change_percent": "-0.90",
        "volume_ath": 3992741953593.4854,
        "mcap_ath": 2912593726674.3335
      }
    ]
    """#

  /// `/api/global/` as a compact one-line body, with `volume_ath` above 2^53 (an integer literal).
  package static let globalCompact = #"""
    [{"coins_count":14993,"active_markets":28840,"total_mcap":2589177854944.69,"total_volume":120828883081.005,\#
    "btc_d":"59.50","eth_d":"11.30","mcap_change":"-1.12","volume_change":"10.84","avg_change_percent":"-0.17",\#
    "volume_ath":344187126190825200,"mcap_ath":33248067879029.688}]
    """#

  /// `/api/tickers/`: eight coins in rank order and CoinLore's `info`.
  package static let tickers = #"""
    {
      "data": [
        {"id": "90", "symbol": "BTC", "name": "Bitcoin", "nameid": "bitcoin", "rank": 1, "price_usd": "99584.59",
         "percent_change_24h": "1.25", "percent_change_1h": "0.13", "percent_change_7d": "2.39", "price_btc": "1.00",
         "market_cap_usd": "1967874549929.50", "volume24": 60985129577.58225, "volume24a": 88750734120.79686,
         "csupply": "19760834.00", "tsupply": "19760834", "msupply": "21000000"},
        {"id": "80", "symbol": "ETH", "name": "Ethereum", "nameid": "ethereum", "rank": 2, "price_usd": "3992.98",
         "percent_change_24h": "2.96", "percent_change_1h": "0.20", "percent_change_7d": "11.35",
         "price_btc": "0.040095", "market_cap_usd": "480068899829.40", "volume24": 33547453794.48112,
         "volume24a": 36792209972.45373, "csupply": "120228315.00", "tsupply": "122375302", "msupply": ""},
        {"id": "518", "symbol": "USDT", "name": "Tether", "nameid": "tether", "rank": 3, "price_usd": "1.00",
         "percent_change_24h": "0.03", "percent_change_1h": "-0.10", "percent_change_7d": "0.26",
         "price_btc": "0.000010", "market_cap_usd": "114615984965.57", "volume24": 131843156433.3044,
         "volume24a": 173655270480.94788, "csupply": "114417852141.00", "tsupply": "117068083204.49", "msupply": ""},
        {"id": "48543", "symbol": "SOL", "name": "Solana", "nameid": "solana", "rank": 4, "price_usd": "237.67",
         "percent_change_24h": "1.01", "percent_change_1h": "-0.24", "percent_change_7d": "-2.01",
         "price_btc": "0.002387", "market_cap_usd": "110447947939.06", "volume24": 3664830543.2503724,
         "volume24a": 6574711604.781197, "csupply": "464710739.00", "tsupply": "491561409.22682", "msupply": ""},
        {"id": "58", "symbol": "XRP", "name": "XRP", "nameid": "ripple", "rank": 5, "price_usd": "2.43",
         "percent_change_24h": "5.50", "percent_change_1h": "1.00", "percent_change_7d": "32.60",
         "price_btc": "0.000024", "market_cap_usd": "104476181767.08", "volume24": 9396791917.45647,
         "volume24a": 10047430809.471153, "csupply": "42909539227.00", "tsupply": "99991841593",
         "msupply": "100000000000"},
        {"id": "2", "symbol": "DOGE", "name": "Dogecoin", "nameid": "dogecoin", "rank": 6, "price_usd": "0.447914",
         "percent_change_24h": "1.25", "percent_change_1h": "-0.85", "percent_change_7d": "5.91",
         "price_btc": "0.000004", "market_cap_usd": "65471355360.74", "volume24": 6101689233.67509,
         "volume24a": 7621430787.717926, "csupply": "146169356384.00", "tsupply": "146169356384", "msupply": ""},
        {"id": "45088", "symbol": "SHIB", "name": "Shiba Inu", "nameid": "shiba-inu", "rank": 7,
         "price_usd": "0.00001234", "percent_change_24h": "3.93", "percent_change_1h": "0.20",
         "percent_change_7d": "-21.02", "price_btc": "3.14E-10", "market_cap_usd": "18444865635.90",
         "volume24": 70568849.04827829, "volume24a": 58728030.93109874, "csupply": "589270540915470.00",
         "tsupply": "5.8951910369752E+14", "msupply": ""},
        {"id": "135601", "symbol": "RENDER", "name": "Render", "nameid": "render", "rank": 8, "price_usd": "10.30",
         "percent_change_24h": "-0.31", "percent_change_1h": "0.05", "percent_change_7d": "2.39",
         "price_btc": "0.000103", "market_cap_usd": "4042476428.53", "volume24": 771515763.8486003,
         "volume24a": 1922603675.1992686, "csupply": "392459381.00", "tsupply": "532219654.73549", "msupply": null}
      ],
      "info": {"coins_num": 13413, "time": 1733573523}
    }
    """#

  /// The coins of ``tickers`` as parsed JSON objects, in rank order.
  package static var coinObjects: [JSONValue] {
    (try? JSONParser.parse(Array(tickers.utf8)))?["data"]?.arrayValue ?? []
  }

  /// One coin of ``tickers`` in `/api/ticker/`'s shape: `volume24` a string, `volume24_native` instead of
  /// `volume24a`.
  package static func tickerShape(_ coin: JSONValue) -> JSONValue {
    guard var members = coin.objectValue else { return coin }
    let volume = members["volume24"]?.doubleValue ?? 0
    let price = Double(members["price_usd"]?.stringValue ?? "") ?? 1
    members["volume24"] = .string(String(format: "%.2f", volume))
    members["volume24_native"] = .string(String(format: "%.2f", volume / price))
    members["volume24a"] = nil
    return .object(members)
  }

  /// `/api/ticker/?id=…`: the coins of ``tickers`` with those ids, in `/api/ticker/`'s shape; `[]` when none match.
  package static func ticker(ids: [String]) -> String {
    let coins = ids.compactMap { id in coinObjects.first { $0["id"]?.stringValue == id } }.map(tickerShape)
    return String(decoding: JSONWriter.serialize(.array(coins)), as: UTF8.self)
  }

  /// `/api/tickers/?start=&limit=`: the page of ``tickers`` those parameters pick, with `info`.
  package static func tickersPage(start: Int, limit: Int) -> String {
    let coins = Array(coinObjects.dropFirst(max(0, start)).prefix(max(0, limit)))
    let page: JSONValue = ["data": .array(coins), "info": ["coins_num": 13413, "time": 1_733_573_523]]
    return String(decoding: JSONWriter.serialize(page), as: UTF8.self)
  }

  /// Answers like CoinLore: `/api/global/`, `/api/tickers/` (with `start`, `limit`), `/api/ticker/` (with `id`);
  /// anything else 404.
  package static func respond(to request: LoopbackHTTPServer.RecordedRequest) -> LoopbackHTTPServer.Response {
    switch request.path {
    case "/api/global/":
      return .json(global)
    case "/api/tickers/":
      let start = request.queryItems["start"].flatMap(Int.init) ?? 0
      let limit = request.queryItems["limit"].flatMap(Int.init) ?? 100
      return .json(tickersPage(start: start, limit: limit))
    case "/api/ticker/":
      let ids = (request.queryItems["id"] ?? "").split(separator: ",").map(String.init)
      return .json(ticker(ids: ids))
    default:
      return .text("Not Found", status: 404)
    }
  }

  /// A loopback server that answers like CoinLore with ``respond(to:)``.
  package static func server() throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer()
    server.handler = { respond(to: $0) }
    return server
  }
}
