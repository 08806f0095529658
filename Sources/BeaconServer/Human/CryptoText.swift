import BeaconCore
import BeaconCrypto

/// The sentences and labels of crypto results shown as text (command line and MCP), in Norwegian Bokmål, Nynorsk and
/// English.
package enum CryptoText: Sendable, Equatable {
  case core(CryptoMessage)
  case columnRank, columnName, columnSymbol, columnPrice, columnID, columnCoin
  case coinsCount, activeMarkets, totalMcap, totalVolume, btcDominance, ethDominance, mcapChange, volumeChange
  case averageChange, volumeAth, mcapAth
  case priceBtc, marketCap, volume24, volume24Native, circulatingSupply, totalSupply, maxSupply
  case change(ChangePeriod)
  case page(start: Int, end: Int, total: String?)
  case alert(threshold: String)
  case noAlert(threshold: String)
  case nokRate(String)
  case nokRateUnset
  case alertThreshold(String)
  case staleData(String)
  case chartWritten(String)
  case cannotWriteFile(String)

  /// The text in `language`.
  package func text(in language: Language) -> String {
    if case .core(let message) = self { return message.text(in: language) }
    return language.choose(texts)
  }

  private var texts: (String, String, String) {
    switch self {
    case .core: ("", "", "")
    case .columnRank: ("Rang", "Rang", "Rank")
    case .columnName: ("Navn", "Namn", "Name")
    case .columnSymbol: ("Symbol", "Symbol", "Symbol")
    case .columnPrice: ("Pris", "Pris", "Price")
    case .columnID: ("ID", "ID", "ID")
    case .columnCoin: ("Kryptovaluta", "Kryptovaluta", "Cryptocurrency")
    case .coinsCount: ("Kryptovalutaer", "Kryptovalutaer", "Cryptocurrencies")
    case .activeMarkets: ("Aktive markeder", "Aktive marknader", "Active markets")
    case .totalMcap: ("Samlet markedsverdi", "Samla marknadsverdi", "Total market cap")
    case .totalVolume: ("Samlet volum (24 t)", "Samla volum (24 t)", "Total volume (24 h)")
    case .btcDominance: ("Bitcoins andel", "Bitcoin sin del", "Bitcoin dominance")
    case .ethDominance: ("Ethereums andel", "Ethereum sin del", "Ethereum dominance")
    case .mcapChange: ("Endring i markedsverdi", "Endring i marknadsverdi", "Market cap change")
    case .volumeChange: ("Endring i volum", "Endring i volum", "Volume change")
    case .averageChange: ("Gjennomsnittlig endring", "Gjennomsnittleg endring", "Average change")
    case .volumeAth: ("Høyeste volum noensinne", "Høgaste volum nokon gong", "Volume all-time high")
    case .mcapAth: ("Høyeste markedsverdi noensinne", "Høgaste marknadsverdi nokon gong", "Market cap all-time high")
    case .priceBtc: ("Pris i bitcoin", "Pris i bitcoin", "Price in bitcoin")
    case .marketCap: ("Markedsverdi", "Marknadsverdi", "Market cap")
    case .volume24: ("Volum (24 t)", "Volum (24 t)", "Volume (24 h)")
    case .volume24Native: ("Volum i mynten (24 t)", "Volum i mynten (24 t)", "Volume in the coin (24 h)")
    case .circulatingSupply: ("I omløp", "I omlaup", "Circulating supply")
    case .totalSupply: ("Totalt antall", "Totalt tal", "Total supply")
    case .maxSupply: ("Største antall", "Største tal", "Max supply")
    case .change(let period):
      (
        "Endring \(period.label(in: .nb))", "Endring \(period.label(in: .nn))", "Change \(period.label(in: .en))"
      )
    case .page(let start, let end, let total?):
      (
        "Rang \(start)–\(end) av \(total) kryptovalutaer", "Rang \(start)–\(end) av \(total) kryptovalutaer",
        "Ranks \(start)–\(end) of \(total) cryptocurrencies"
      )
    case .page(let start, let end, nil):
      ("Rang \(start)–\(end)", "Rang \(start)–\(end)", "Ranks \(start)–\(end)")
    case .alert(let threshold):
      (
        "💰💰💰 Endring over \(threshold):", "💰💰💰 Endring over \(threshold):", "💰💰💰 Change above \(threshold):"
      )
    case .noAlert(let threshold):
      (
        "Ingen endring over \(threshold)", "Inga endring over \(threshold)", "No change above \(threshold)"
      )
    case .nokRate(let rate):
      ("Kronekurs: \(rate) kr per dollar", "Kronekurs: \(rate) kr per dollar", "Krone rate: \(rate) kr per dollar")
    case .nokRateUnset:
      (
        "Kronekurs: ikke satt (prisene vises i dollar)", "Kronekurs: ikkje sett (prisane blir viste i dollar)",
        "Krone rate: not set (prices are shown in dollars)"
      )
    case .alertThreshold(let threshold):
      (
        "Varslingsgrense: \(threshold) (💰-regn i statistikken)",
        "Varslingsgrense: \(threshold) (💰-regn i statistikken)",
        "Alert threshold: \(threshold) (💰 rain in the statistics)"
      )
    case .staleData(let date):
      (
        "Viser lagrede data fra \(date); CoinLore svarte ikke (appen viser dem i mørk rødt)",
        "Viser lagra data frå \(date); CoinLore svarte ikkje (appen viser dei i mørk raudt)",
        "Showing stored data from \(date); CoinLore did not answer (apps show it in dark red)"
      )
    case .chartWritten(let path):
      ("Diagrammet er lagret i '\(path)'", "Diagrammet er lagra i '\(path)'", "The chart is saved in '\(path)'")
    case .cannotWriteFile(let path):
      ("Kan ikke skrive til '\(path)'", "Kan ikkje skrive til '\(path)'", "Cannot write to '\(path)'")
    }
  }
}
