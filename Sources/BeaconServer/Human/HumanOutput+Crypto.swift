import BeaconCore
import BeaconCrypto
import Foundation

extension HumanOutput {
  /// `text` in this output's language.
  package func cryptoText(_ message: CryptoText) -> String { message.text(in: language) }

  /// A change in percent with its sign: `+2,39 %`, `-0,98 %` (English `+2.39%`); `–` without a value.
  package func percent(_ value: Double?, digits: Int = 2) -> String {
    guard let value, value.isFinite else { return "–" }
    let text = decimal(value, digits: digits)
    let signed = value > 0 && !text.hasPrefix("-") ? "+" + text : text
    return language == .en ? signed + "%" : signed + " %"
  }

  /// A share or threshold without a sign and without trailing zeros: `10 %`, `43,86 %` (English `10%`).
  package func plainPercent(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    return amount(value) + (language == .en ? "%" : " %")
  }

  /// A count or quantity with thousands grouped: `6 441` (English `6,441`), up to `digits` decimals.
  package func quantity(_ value: Double?, digits: Int = 0) -> String {
    guard let value, value.isFinite else { return "–" }
    let text = String(format: "%.\(digits)f", value)
    let pieces = text.split(separator: ".", maxSplits: 1)
    let negative = pieces.first?.hasPrefix("-") == true
    let whole = String((pieces.first ?? "0").drop { $0 == "-" })
    let grouped = MoneyFormat.grouped(whole, separator: language == .en ? "," : " ")
    var fraction = pieces.count > 1 ? String(pieces[1]) : ""
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let mark = language == .en ? "." : ","
    return (negative ? "-" : "") + grouped + (fraction.isEmpty ? "" : mark + fraction)
  }

  /// `text` with the language's decimal mark.
  private func localized(_ text: String) -> String {
    language == .en ? text : text.replacingOccurrences(of: ".", with: ",")
  }

  /// `crypto/global`: every figure, labelled.
  package func cryptoGlobal(_ result: CryptoGlobalResult) -> [String] {
    let global = result.global
    let lines = cryptoLabelled([
      (cryptoText(.coinsCount), quantity(global.coinsCount.map(Double.init))),
      (cryptoText(.activeMarkets), quantity(global.activeMarkets.map(Double.init))),
      (cryptoText(.totalMcap), result.formatted.totalMcap ?? "–"),
      (cryptoText(.totalVolume), result.formatted.totalVolume ?? "–"),
      (cryptoText(.btcDominance), plainPercent(global.btcD)),
      (cryptoText(.ethDominance), plainPercent(global.ethD)),
      (cryptoText(.mcapChange), percent(global.mcapChange)),
      (cryptoText(.volumeChange), percent(global.volumeChange)),
      (cryptoText(.averageChange), percent(global.avgChangePercent)),
      (cryptoText(.volumeAth), result.formatted.volumeAth ?? "–"),
      (cryptoText(.mcapAth), result.formatted.mcapAth ?? "–"),
    ])
    return lines + cryptoFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `crypto/tickers`: a table of rank, name, symbol, price and the three changes, then the page.
  package func cryptoTickers(_ result: CryptoTickersResult) -> [String] {
    let columns: [TableFormatter.Column] = [
      .init(header: cryptoText(.columnRank), alignment: .right),
      .init(header: cryptoText(.columnName), maxWidth: 32),
      .init(header: cryptoText(.columnSymbol), maxWidth: 12),
      .init(header: cryptoText(.columnPrice), alignment: .right),
      .init(header: ChangePeriod.hour.label(in: language), alignment: .right),
      .init(header: ChangePeriod.day.label(in: language), alignment: .right),
      .init(header: ChangePeriod.week.label(in: language), alignment: .right),
      .init(header: cryptoText(.columnID), alignment: .right),
    ]
    let rows = result.coins.map { coin in
      [
        coin.rank.map(String.init) ?? "", Self.singleLine(coin.name), Self.singleLine(coin.symbol),
        coin.priceFormatted ?? "–", percent(coin.change1h), percent(coin.change24h), percent(coin.change7d), coin.id,
      ]
    }
    let end = result.start + result.coins.count
    let total = result.coinsCount.map { quantity(Double($0)) }
    let page = cryptoText(.page(start: result.start + 1, end: end, total: total))
    return TableFormatter(columns: columns).render(rows) + [page]
      + cryptoFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `crypto/ticker`: every field, labelled.
  package func cryptoTicker(_ result: CryptoTickerResult) -> [String] {
    let details = result.details
    let coin = details.coin
    let lines = cryptoLabelled([
      (cryptoText(.columnName), "\(coin.name) (\(coin.symbol))"),
      (cryptoText(.columnID), coin.id),
      (cryptoText(.columnRank), coin.rank.map(String.init) ?? "–"),
      (cryptoText(.columnPrice), details.priceFormatted ?? "–"),
      (cryptoText(.priceBtc), coin.priceBtc.map { localized(MoneyFormat.plain($0)) } ?? "–"),
      (cryptoText(.change(.hour)), percent(coin.change1h)),
      (cryptoText(.change(.day)), percent(coin.change24h)),
      (cryptoText(.change(.week)), percent(coin.change7d)),
      (cryptoText(.marketCap), details.marketCapFormatted ?? "–"),
      (cryptoText(.volume24), details.volume24Formatted ?? "–"),
      (cryptoText(.circulatingSupply), quantity(coin.circulatingSupply, digits: 2)),
      (cryptoText(.totalSupply), quantity(coin.totalSupply, digits: 2)),
      (cryptoText(.maxSupply), quantity(coin.maxSupply, digits: 2)),
    ])
    return lines + cryptoFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `crypto/stats`: each coin's changes, and the alert (or that there is none).
  package func cryptoStats(_ result: CryptoStatsResult) -> [String] {
    let columns: [TableFormatter.Column] = [
      .init(header: cryptoText(.columnCoin), maxWidth: 32),
      .init(header: ChangePeriod.hour.label(in: language), alignment: .right),
      .init(header: ChangePeriod.day.label(in: language), alignment: .right),
      .init(header: ChangePeriod.week.label(in: language), alignment: .right),
      .init(header: cryptoText(.columnID), alignment: .right),
    ]
    let rows = result.coins.map { coin in
      [Self.singleLine(coin.name), percent(coin.change1h), percent(coin.change24h), percent(coin.change7d), coin.id]
    }
    var lines = TableFormatter(columns: columns).render(rows)
    let threshold = plainPercent(result.alertThreshold)
    if result.alert {
      lines.append(cryptoText(.alert(threshold: threshold)))
      for alert in result.alerts {
        lines.append("  \(Self.singleLine(alert.name)) \(alert.period.label(in: language)): \(percent(alert.change))")
      }
    } else {
      lines.append(cryptoText(.noAlert(threshold: threshold)))
    }
    return lines + cryptoFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `crypto/settings/*`: the krone rate and the alert threshold.
  package func cryptoSettings(_ settings: CryptoSettings) -> [String] {
    let rate = settings.nokRate.map { cryptoText(.nokRate(quantity($0, digits: 4))) } ?? cryptoText(.nokRateUnset)
    let threshold = plainPercent(settings.alertThreshold)
    return [rate, cryptoText(.alertThreshold(threshold))]
  }

  /// `label: value` lines with the values aligned.
  private func cryptoLabelled(_ pairs: [(String, String)]) -> [String] {
    let width = pairs.map { TableFormatter.width(of: $0.0) + 1 }.max() ?? 0
    return pairs.map { TableFormatter.pad($0.0 + ":", to: width) + "  " + Self.singleLine($0.1) }
  }

  /// A stale note when needed, a blank line and the attribution.
  private func cryptoFooter(stale: Bool, fetchedAt: Date, _ attribution: String) -> [String] {
    (stale ? [cryptoText(.staleData(date(fetchedAt)))] : []) + ["", attribution]
  }
}
