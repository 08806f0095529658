import BeaconCore
import BeaconCrypto
import JSONRPC

extension Feature.Name {
  /// The crypto feature's name, and its tool set's.
  package static let crypto = Self(rawValue: "crypto")
}

extension MCPToolSet {
  /// The tools of the crypto feature.
  package static let crypto = Self(.crypto)
}

extension Feature {
  /// CoinLore's cryptocurrency prices.
  package static let crypto = Feature(
    .crypto,
    toolSet: .optional,
    service: { cryptoService(store: $0.store, configuration: $0.configuration, options: $0.options) },
    sharedService: { cryptoService(store: $0.store, configuration: $0.configuration, options: $0.options) },
    serviceURL: .coinlore,
    migrations: CryptoSchema.migrations,
    sharedMigrations: CryptoSchema.postgresMigrations,
    sharedShapes: ["CoinSummary", "CryptoSettings"],
    agentSummary: "CoinLore's cryptocurrency prices and change statistics (crypto_*)",
    verbs: [.crypto],
    copier: CryptoSettingsCopier()
  )

  /// `crypto/global`, `crypto/tickers`, `crypto/ticker`, `crypto/stats` and `crypto/settings/get`,
  /// `crypto/settings/update`.
  static let cryptoMethods: [MethodDescriptor] = [
    MethodDescriptor(CryptoGlobalRequest.self, feature: .crypto, tool: cryptoGlobalTool) { server, request, _ in
      try await server.run(.crypto) { (crypto: CryptoService) throws(BeaconError) in
        try await crypto.global(refresh: request.refresh ?? false)
      }
    },
    MethodDescriptor(CryptoTickersRequest.self, feature: .crypto, tool: cryptoTickersTool) { server, request, _ in
      try await server.run(.crypto) { (crypto: CryptoService) throws(BeaconError) in
        try await crypto.tickers(
          sort: request.sort ?? .rank,
          order: request.order,
          start: request.start ?? 0,
          limit: request.limit ?? CryptoService.limitRange.upperBound,
          refresh: request.refresh ?? false
        )
      }
    },
    MethodDescriptor(CryptoTickerRequest.self, feature: .crypto, tool: cryptoTickerTool) { server, request, _ in
      try await server.run(.crypto) { (crypto: CryptoService) throws(BeaconError) in
        try await crypto.ticker(id: request.id, refresh: request.refresh ?? false)
      }
    },
    MethodDescriptor(CryptoStatsRequest.self, feature: .crypto, tool: cryptoStatsTool) { server, request, _ in
      let language = server.language
      return try await server.run(.crypto) { (crypto: CryptoService) throws(BeaconError) in
        try await crypto.stats(ids: request.ids, language: language, refresh: request.refresh ?? false)
      }
    },
    MethodDescriptor(GetCryptoSettingsRequest.self, feature: .crypto, tool: cryptoSettingsGetTool) { server, _, _ in
      try await server.run(.crypto) { (crypto: CryptoService) throws(BeaconError) in try await crypto.settings() }
    },
    MethodDescriptor(UpdateCryptoSettingsRequest.self, feature: .crypto, tool: cryptoSettingsUpdateTool) {
      server,
      request,
      _ in
      try await server.run(.crypto) { (crypto: CryptoService) throws(BeaconError) in
        try await crypto.updateSettings(request.update)
      }
    },
  ]

  /// The crypto service on `store` (SQLite, or PostgreSQL with per-user settings): CoinLore at the configured base
  /// URL.
  static func cryptoService(
    store: any CryptoStorage,
    configuration: BeaconConfiguration,
    options: ServerOptions
  ) -> CryptoService {
    CryptoService(
      store: store,
      client: CoinLoreClient(
        baseURL: configuration.serviceURL(.coinlore),
        transport: URLSessionTransport(maxResponseBytes: options.maxUpstreamBytes)
      ),
      offline: configuration.offline,
      now: options.now
    )
  }

  private static let cryptoGlobalTool = MCPTool(
    CryptoGlobalRequest.self,
    name: "crypto_global",
    title: .init(nb: "Kryptomarkedet", nn: "Kryptomarknaden", en: "Crypto market"),
    description: """
      CoinLore's market overview: how many cryptocurrencies and markets there are, the total market cap and \
      24 h volume (also formatted in the user's currency, `$…` or `… kr` when a krone rate is set), Bitcoin's \
      and Ethereum's share, the 24 h changes and the all-time highs. When CoinLore cannot be reached the last \
      stored copy comes back with `stale: true`; say that the figures may be outdated.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.cryptoGlobal(result) }

  private static let cryptoTickersTool = MCPTool(
    CryptoTickersRequest.self,
    name: "crypto_tickers",
    title: .init(nb: "Kryptovalutaer", nn: "Kryptovalutaer", en: "Cryptocurrencies"),
    description: """
      A page of cryptocurrencies (up to 100, `start` skips that many by rank) with name, symbol, rank, price \
      (`priceFormatted` in dollars, or kroner when the user set a rate) and percent change over 1 h, 24 h and \
      7 d. `sort` is rank (default), change1h, change24h or change7d; `order` asc or desc (default: rank \
      ascending, changes descending, so the biggest rise comes first). Use a coin's `id` with crypto_ticker \
      and crypto_stats.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.cryptoTickers(result) }

  private static let cryptoTickerTool = MCPTool(
    CryptoTickerRequest.self,
    name: "crypto_ticker",
    title: .init(nb: "Om en kryptovaluta", nn: "Om ei kryptovaluta", en: "Cryptocurrency details"),
    description: """
      Everything CoinLore says about one cryptocurrency by its `id` (a number as text, e.g. "90" for Bitcoin, \
      from crypto_tickers): price in dollars and in the user's currency, price in bitcoin, changes, market cap, \
      24 h volume and supplies. An unknown id is an error.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.cryptoTicker(result) }

  private static let cryptoStatsTool = MCPTool(
    CryptoStatsRequest.self,
    name: "crypto_stats",
    title: .init(nb: "Statistikk", nn: "Statistikk", en: "Statistics"),
    description: """
      Compare 1 to 10 cryptocurrencies (`ids` from crypto_tickers, e.g. ["80", "58"] for Ethereum and XRP): \
      their percent change over 1 h, 24 h and 7 d as chart series (x = coin name, y = percent), and `alert`, \
      true when any change up or down is larger than the user's threshold (see crypto_settings_get), with the \
      changes that set it off in `alerts`.
      """,
    annotations: .init(readOnly: true, idempotent: true, openWorld: true)
  ) { result, _, output in output.cryptoStats(result) }

  private static let cryptoSettingsGetTool = MCPTool(
    GetCryptoSettingsRequest.self,
    name: "crypto_settings_get",
    title: .init(nb: "Vis kryptoinnstillinger", nn: "Vis kryptoinnstillingar", en: "Show crypto settings"),
    description: """
      The user's crypto settings: `nokRate` (kroner per US dollar; when set, every price is shown in kroner, \
      null shows dollars) and `alertThreshold` (0–100 percent; a larger change sets off crypto_stats' alert).
      """,
    annotations: .init(readOnly: true, idempotent: true)
  ) { result, _, output in output.cryptoSettings(result) }

  private static let cryptoSettingsUpdateTool = MCPTool(
    UpdateCryptoSettingsRequest.self,
    name: "crypto_settings_update",
    title: .init(nb: "Endre kryptoinnstillinger", nn: "Endre kryptoinnstillingar", en: "Change crypto settings"),
    description: """
      Change the user's krone rate (`nokRate`, a number above 0 in kroner per dollar, or null to go back to \
      dollars) and/or the alert threshold (`alertThreshold`, 0–100 percent). Fields left out stay as they are. \
      Only change them when the user asked to.
      """,
    annotations: .init(readOnly: false, idempotent: true)
  ) { result, _, output in output.cryptoSettings(result) }
}
