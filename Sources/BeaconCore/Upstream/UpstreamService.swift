/// The web APIs Beacon asks for data; an ``UpstreamFault`` names the one that failed.
public enum UpstreamService: String, Sendable, Equatable, CaseIterable {
  /// Geoapify: place search, details, autocomplete and IP geolocation (with the user's key).
  case geoapify
  /// Fruityvice: the fruit catalogue and its families, genera and orders.
  case fruityvice
  /// CoinLore: cryptocurrency tickers and the global market.
  case coinlore
  /// randomuser.me: the users of the user directory.
  case randomUser

  /// The service's name as people know it, in every language.
  public var name: String {
    switch self {
    case .geoapify: "Geoapify"
    case .fruityvice: "Fruityvice"
    case .coinlore: "CoinLore"
    case .randomUser: "randomuser.me"
    }
  }
}
