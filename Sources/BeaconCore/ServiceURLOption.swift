/// The base-URL option of a feature's upstream service, as a feature's module declares it
/// (`ServiceURLOption.coinlore` in `BeaconCrypto`): where each configuration source names it and the URL used when
/// none does. ``BeaconOptions`` and ``BeaconConfiguration`` carry the values of every option they are given.
package struct ServiceURLOption: Sendable, Equatable {
  /// The option's key: `initializationOptions.<key>.baseURL`, the `initialize` result's `<key>BaseURL`, and the key
  /// of ``BeaconOptions/serviceURLs`` and ``BeaconConfiguration/serviceURLs``, e.g. `coinlore`.
  package let key: String
  /// The service's name in messages, e.g. `CoinLore`.
  package let name: String
  /// The environment variable that sets it, e.g. `BEACON_COINLORE_URL`.
  package let environmentVariable: String
  /// The service's public API, unless configured otherwise.
  package let defaultURL: String

  /// An option.
  package init(key: String, name: String, environmentVariable: String, defaultURL: String) {
    self.key = key
    self.name = name
    self.environmentVariable = environmentVariable
    self.defaultURL = defaultURL
  }

  /// The `initializationOptions` field that sets it.
  package var initializationField: String { "initializationOptions.\(key).baseURL" }
}
