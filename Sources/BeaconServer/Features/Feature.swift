import BeaconCore
import BeaconCrypto
import BeaconFruits
import BeaconPeople
import Foundation
import JSONRPC

/// A part of Beacon a user knows by name: its methods and the service they run on, made from the configuration
/// when a session starts. The features other than ``protocol`` are what MCP tool sets select (``toolSet``).
package enum Feature: String, CaseIterable, Sendable {
  /// `initialize`, `ping` and `rpc.discover`: the session itself.
  case `protocol`
  /// Searching, details, autocomplete and import of places.
  case places
  /// The user's star ratings.
  case ratings
  /// The user's favourite places ("Mine steder").
  case favorites
  /// The user's stored settings.
  case settings
  /// Searching for places along a route (not a default tool set: the default tool list has no room for it).
  case routes
  /// Fruityvice's fruit catalogue and the user's fruit log.
  case fruits
  /// The directory of random users.
  case people
  /// CoinLore's cryptocurrency prices.
  case crypto

  /// The feature's methods, in the order of ``MethodDescriptor/all``.
  package var methods: [MethodDescriptor] { MethodDescriptor.all.filter { $0.feature == self } }

  /// The MCP tool set that serves the feature's tools; `nil` for ``protocol``.
  package var toolSet: MCPToolSet? { MCPToolSet(rawValue: rawValue) }

  /// Every method, feature by feature, in the order `tools/list` has always shown their tools: the import of
  /// places comes after the settings.
  static let listed: [MethodDescriptor] =
    protocolMethods + placesMethods + ratingsMethods + favoritesMethods + settingsMethods + importMethods
    + routesMethods + fruitsMethods + cryptoMethods + peopleMethods

  /// The service the feature's handlers run on (``BeaconServer/run(_:_:)``), made for a session that has opened
  /// its store; `nil` for a feature without one.
  func makeService(_ context: FeatureContext) -> (any Sendable)? {
    switch self {
    case .protocol, .routes: nil  // A route search runs on the places service (one upstream budget).
    case .ratings, .favorites, .settings: context.store
    case .places: Self.placesService(context)
    case .fruits: Self.fruitsService(context)
    case .people: Self.peopleService(context)
    case .crypto: Self.cryptoService(context)
    }
  }

  /// The store migrations the feature's own module brings (``storeMigrations``).
  var migrations: [StoreMigration] {
    switch self {
    case .crypto: CryptoSchema.migrations
    case .fruits: FruitsSchema.migrations
    case .people: PeopleSchema.migrations
    case .protocol, .places, .ratings, .favorites, .settings, .routes: []
    }
  }

  /// Every feature's migrations, for `Store.open(path:migrations:)`.
  package static var storeMigrations: [StoreMigration] { allCases.flatMap(\.migrations) }

  /// What `beacon mcp`'s instructions say of the feature when its tools are served; `nil` for the features its
  /// opening paragraph covers.
  var agentSummary: String? {
    switch self {
    case .protocol, .places, .ratings, .favorites, .settings: nil
    case .routes: "a search for places along a route (places_search_along_route)"
    case .fruits: "Fruityvice's fruit catalogue and the user's log of eaten fruit (fruits_*, fruitlog_*)"
    case .crypto: "CoinLore's cryptocurrency prices and change statistics (crypto_*)"
    case .people: "a directory of random users that the user can edit (users_*)"
    }
  }

  /// The name failures of the feature are logged under.
  var logName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// What a feature's service is made from when a session starts.
struct FeatureContext: Sendable {
  /// The session's store.
  let store: Store
  /// The resolved configuration (base URLs, offline, time zone).
  let configuration: BeaconConfiguration
  /// The server's options (the clock, the size cap of upstream answers).
  let options: ServerOptions

  /// A transport for an upstream service, with the server's cap on the size of an answer.
  func transport() -> URLSessionTransport {
    URLSessionTransport(maxResponseBytes: options.maxUpstreamBytes)
  }
}
