import BeaconCore
import BeaconJSON
import Foundation

/// Reads CoinLore's answers leniently, with the traps of the real API in mind: numbers come as strings (`"0.20"`),
/// also in scientific notation (`"3.14E-10"`, `"5.8951910369752E+14"`) and negative (`"-0.98"`); `volume24` is a
/// number on `/tickers/` and a string on `/ticker/`; `msupply` may be `""` or null; `/global/` is an array of one
/// object whose `volume_ath` exceeds 2^53. Key order does not matter, unknown fields are ignored, an unreadable value
/// is `nil`, and coins without an id or a name are skipped.
package enum CoinLoreDecoding {
  /// A page of `/api/tickers/`: its coins and CoinLore's count of every coin it tracks (`info.coins_num`).
  package struct TickersPage: Sendable, Equatable {
    package var coins: [Coin]
    package var coinsCount: Int?
  }

  /// `/api/global/`: the one object of its array (a bare object is read too).
  ///
  /// - Throws: ``UpstreamFault/badAnswer(reason:)`` for an empty body, an empty array or invalid JSON.
  package static func global(from body: [UInt8]) throws(BeaconError) -> CryptoGlobal {
    guard let value = try json(body) else {
      throw .upstream(.coinlore, .badAnswer(reason: "CoinLore answered without data"))
    }
    let object = value.arrayValue?.first { $0.objectValue != nil } ?? value
    guard object.objectValue != nil, object["coins_count"] != nil || object["total_mcap"] != nil else {
      throw .upstream(.coinlore, .badAnswer(reason: "CoinLore answered without market data"))
    }
    return CryptoGlobal(
      coinsCount: integer(object["coins_count"]),
      activeMarkets: integer(object["active_markets"]),
      totalMcap: number(object["total_mcap"]),
      totalVolume: number(object["total_volume"]),
      btcD: number(object["btc_d"]),
      ethD: number(object["eth_d"]),
      mcapChange: number(object["mcap_change"]),
      volumeChange: number(object["volume_change"]),
      avgChangePercent: number(object["avg_change_percent"]),
      volumeAth: number(object["volume_ath"]),
      mcapAth: number(object["mcap_ath"])
    )
  }

  /// `/api/tickers/`: `{data: [coin], info: {coins_num, time}}` (a bare array of coins is read too).
  ///
  /// - Throws: ``UpstreamFault/badAnswer(reason:)`` when there is no coin to read.
  package static func tickers(from body: [UInt8]) throws(BeaconError) -> TickersPage {
    guard let value = try json(body) else {
      throw .upstream(.coinlore, .badAnswer(reason: "CoinLore answered without data"))
    }
    let items = value["data"]?.arrayValue ?? value.arrayValue ?? []
    let coins = items.compactMap(coin(from:))
    guard !coins.isEmpty else { throw .upstream(.coinlore, .badAnswer(reason: "CoinLore listed no coins")) }
    return TickersPage(coins: coins, coinsCount: integer(value["info"]?["coins_num"]))
  }

  /// `/api/ticker/?id=…`: a bare array of coins; an empty body or an empty array is no coin at all (`[]`).
  ///
  /// - Throws: ``UpstreamFault/badAnswer(reason:)`` for invalid JSON.
  package static func ticker(from body: [UInt8]) throws(BeaconError) -> [Coin] {
    guard let value = try json(body) else { return [] }
    let items = value.arrayValue ?? value["data"]?.arrayValue ?? (value.objectValue != nil ? [value] : [])
    return items.compactMap(coin(from:))
  }

  /// One coin object, or `nil` when it has no id or name.
  static func coin(from value: JSONValue) -> Coin? {
    guard value.objectValue != nil, let id = text(value["id"]), !id.isEmpty else { return nil }
    guard let name = text(value["name"]), !name.isEmpty else { return nil }
    return Coin(
      id: id,
      symbol: text(value["symbol"]) ?? "",
      name: name,
      nameid: text(value["nameid"]) ?? "",
      rank: integer(value["rank"]),
      priceUsd: number(value["price_usd"]),
      change1h: number(value["percent_change_1h"]),
      change24h: number(value["percent_change_24h"]),
      change7d: number(value["percent_change_7d"]),
      priceBtc: number(value["price_btc"]),
      marketCapUsd: number(value["market_cap_usd"]),
      volume24Usd: number(value["volume24"]),
      volume24a: number(value["volume24a"]),
      volume24Native: number(value["volume24_native"]),
      circulatingSupply: number(value["csupply"]),
      totalSupply: number(value["tsupply"]),
      maxSupply: number(value["msupply"])
    )
  }

  // MARK: - Values

  /// The parsed body, or `nil` when it is empty (only whitespace) or JSON `null`.
  static func json(_ body: [UInt8]) throws(BeaconError) -> JSONValue? {
    guard body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
    do {
      let value = try JSONParser.parse(body)
      return value.isNull ? nil : value
    } catch {
      throw .upstream(.coinlore, .badAnswer(reason: "invalid JSON from CoinLore (\(error.reason))"))
    }
  }

  /// A number given as a JSON number or as decimal text (with an exponent or a sign); `nil` for `""`, null, text that
  /// is not a plain decimal number (`"NaN"`, `"0x1p3"`, `"?"`) and values that are not finite.
  package static func number(_ value: JSONValue?) -> Double? {
    guard let value else { return nil }
    if let number = value.doubleValue { return number.isFinite ? number : nil }
    guard let text = value.stringValue?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
      text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
      text.contains(where: \.isNumber), let number = Double(text), number.isFinite
    else { return nil }
    return number
  }

  /// An integral number, also when written `6.0` or `"6"`.
  static func integer(_ value: JSONValue?) -> Int? {
    if let number = value?.intValue { return number }
    guard let number = number(value), number.rounded() == number else { return nil }
    return Int(exactly: number)
  }

  /// Text, trimmed; a number is written as text (an id given as `90`).
  static func text(_ value: JSONValue?) -> String? {
    if let text = value?.stringValue { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
    if let number = value?.intValue { return String(number) }
    return nil
  }
}
