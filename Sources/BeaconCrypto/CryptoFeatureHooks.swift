import BeaconCore
import BeaconJSON

extension LocalizedMessage {
  /// A sentence about crypto data.
  package static func crypto(_ message: CryptoMessage) -> LocalizedMessage {
    .feature(FeatureSentence(message))
  }
}

extension UnknownEntity {
  /// CoinLore knows no coin with this id (nor does the store, offline); its id goes out as `data.coinId`.
  package static func coin(_ id: String) -> UnknownEntity {
    .feature(FeatureEntity(ids: ["coinId": .string(id)], message: .crypto(.coinNotFound(id))))
  }
}

extension UpstreamService {
  /// CoinLore: cryptocurrency tickers and the global market. Its outage names the data that is missing.
  package static let coinlore = UpstreamService(
    "coinlore",
    name: "CoinLore",
    offlineTexts: CryptoMessage.offlineWithoutData.texts,
    unavailableTexts: { name in
      (
        "Får ikke hentet kryptodata fra \(name); sjekk nettet eller prøv igjen senere",
        "Får ikkje henta kryptodata frå \(name); sjekk nettet eller prøv igjen seinare",
        "Cannot fetch crypto data from \(name); check the network or try again later"
      )
    }
  )
}
