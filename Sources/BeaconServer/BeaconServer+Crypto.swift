import BeaconCore
import JSONRPC

extension BeaconServer {
  /// Registers `crypto/global`, `crypto/tickers`, `crypto/ticker`, `crypto/stats` and `crypto/settings/get`,
  /// `crypto/settings/update`.
  func registerCryptoMethods() {
    dispatcher.register(CryptoGlobalRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withCrypto { crypto throws(BeaconError) in
        try await crypto.global(refresh: request.refresh ?? false)
      }
    }
    dispatcher.register(CryptoTickersRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withCrypto { crypto throws(BeaconError) in
        try await crypto.tickers(
          sort: request.sort ?? .rank,
          order: request.order,
          start: request.start ?? 0,
          limit: request.limit ?? CryptoService.limitRange.upperBound,
          refresh: request.refresh ?? false
        )
      }
    }
    dispatcher.register(CryptoTickerRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withCrypto { crypto throws(BeaconError) in
        try await crypto.ticker(id: request.id, refresh: request.refresh ?? false)
      }
    }
    dispatcher.register(CryptoStatsRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let language = language
      return try await withCrypto { crypto throws(BeaconError) in
        try await crypto.stats(ids: request.ids, language: language, refresh: request.refresh ?? false)
      }
    }
    dispatcher.register(GetCryptoSettingsRequest.self) { [weak self] _, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withCrypto { crypto throws(BeaconError) in try await crypto.settings() }
    }
    dispatcher.register(UpdateCryptoSettingsRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withCrypto { crypto throws(BeaconError) in try await crypto.updateSettings(request.update) }
    }
  }
}
