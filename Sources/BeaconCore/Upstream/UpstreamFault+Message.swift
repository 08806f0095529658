extension UpstreamFault {
  /// The (nb, nn, en) sentence for this fault of `service`, one per fault for every service. Only the words differ:
  /// Geoapify is asked for searches (`søk`), the others for data (`forespørsler`); a service may word its outage
  /// itself (CoinLore names the data that is missing), and an offline service with nothing stored says how to fetch
  /// it (``UpstreamService/offlineTexts``, in its domain's messages).
  func texts(of service: UpstreamService) -> (String, String, String) {
    let name = service.name
    let searches = service == .geoapify
    switch self {
    case .rateLimited(let seconds):
      let (nb, nn) = searches ? ("søk mot", "søk mot") : ("forespørsler til", "førespurnader til")
      return (
        "For mange \(nb) \(name) akkurat nå; prøv igjen om \(seconds) s",
        "For mange \(nn) \(name) akkurat no; prøv igjen om \(seconds) s",
        "Too many requests to \(name) right now; try again in \(seconds) s"
      )
    case .rejected(let detail):
      let (nb, nn) = searches ? ("søket", "søket") : ("forespørselen", "førespurnaden")
      return (
        "\(name) avviste \(nb): \(detail)", "\(name) avviste \(nn): \(detail)",
        "\(name) rejected the request: \(detail)"
      )
    case .badAnswer:
      return (
        "\(name) svarer ikke som det skal akkurat nå; prøv igjen senere",
        "\(name) svarar ikkje som det skal akkurat no; prøv igjen seinare",
        "\(name) is not answering properly right now; try again later"
      )
    case .unavailable(let reason):
      if reason == "offline", let offline = service.offlineTexts { return offline }
      if let unavailable = service.unavailableTexts { return unavailable(name) }
      return (
        "Får ikke kontakt med \(name); sjekk nettet eller prøv igjen senere",
        "Får ikkje kontakt med \(name); sjekk nettet eller prøv igjen seinare",
        "Cannot reach \(name); check the network or try again later"
      )
    }
  }
}
