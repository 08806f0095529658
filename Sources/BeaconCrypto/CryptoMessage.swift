import BeaconCore

/// Every sentence about crypto data that Beacon says to people, in Norwegian Bokmål, Nynorsk and English.
///
/// Wrapped by `LocalizedMessage.crypto(_:)`, so errors and invalid params carry them like any other message.
package enum CryptoMessage: FeatureMessage {
  case coinNotFound(String)
  case offlineWithoutData
  case invalidCoinId(String)
  case coinCount(max: Int)
  case invalidNokRate
  case thresholdOutOfRange
  case invalidStart
  /// The krone rate and alert threshold, as a line of `beacon store copy`'s summary names them.
  case copiedSettings

  /// The sentence in `language`.
  package func text(in language: Language) -> String {
    language.choose(texts).clipped(to: LocalizedMessage.maxLength)
  }

  /// The (nb, nn, en) texts.
  package var texts: (String, String, String) {
    switch self {
    case .copiedSettings:
      ("kryptoinnstillinger", "kryptoinnstillingar", "crypto settings")
    case .coinNotFound(let id):
      (
        "CoinLore kjenner ingen kryptovaluta med id '\(id)'", "CoinLore kjenner ingen kryptovaluta med id '\(id)'",
        "CoinLore knows no cryptocurrency with the id '\(id)'"
      )
    case .offlineWithoutData:
      (
        "Kryptodataene er ikke hentet ennå; kjør én gang uten --offline for å hente dem fra CoinLore",
        "Kryptodataa er ikkje henta enno; køyr éin gong utan --offline for å hente dei frå CoinLore",
        "The crypto data has not been fetched yet; run once without --offline to fetch it from CoinLore"
      )
    case .invalidCoinId(let id):
      (
        "'\(id)' er ikke en CoinLore-id; bruk tallet fra kryptolisten, f.eks. 90 for Bitcoin",
        "'\(id)' er ikkje ein CoinLore-id; bruk talet frå kryptolista, t.d. 90 for Bitcoin",
        "'\(id)' is not a CoinLore id; use the number from the crypto list, e.g. 90 for Bitcoin"
      )
    case .coinCount(let max):
      (
        "Velg mellom 1 og \(max) kryptovalutaer", "Vel mellom 1 og \(max) kryptovalutaer",
        "Choose between 1 and \(max) cryptocurrencies"
      )
    case .invalidNokRate:
      (
        "Kronekursen må være et tall større enn 0 (kroner per dollar), eller null for å vise dollar",
        "Kronekursen må vere eit tal større enn 0 (kroner per dollar), eller null for å vise dollar",
        "The krone rate must be a number above 0 (kroner per dollar), or null to show dollars"
      )
    case .thresholdOutOfRange:
      (
        "Varslingsgrensen må være et tall fra 0 til 100 (prosent)",
        "Varslingsgrensa må vere eit tal frå 0 til 100 (prosent)",
        "The alert threshold must be a number from 0 to 100 (percent)"
      )
    case .invalidStart:
      (
        "Starten må være 0 eller mer", "Starten må vere 0 eller meir", "The start must be 0 or more"
      )
    }
  }
}
