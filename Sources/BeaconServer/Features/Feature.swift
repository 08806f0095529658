import BeaconCore
import BeaconPostgres
import Foundation
import JSONRPC

/// A part of Beacon a user knows by name, supplied by its own file (or module): its name, which is also its MCP tool
/// set's, the service its methods run on, made from the configuration when a session starts, the store migrations
/// (SQLite and PostgreSQL) its module brings, the result shapes its tools share, what `beacon mcp` tells an agent of it and its commands on
/// the command line (``FeatureVerb``). Its methods are the ``MethodDescriptor``s that name it.
///
/// The program is built with the features of ``built`` (`Features.swift`), the one list that names them all.
package struct Feature: Sendable {
  /// A feature's name, as users know it: also the name of its MCP tool set (``MCPToolSet``).
  package struct Name: RawRepresentable, Hashable, Sendable {
    /// The name, e.g. `places`.
    package let rawValue: String

    /// The name `rawValue`.
    package init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The name failures of the feature are logged under.
    var logName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
  }

  /// Whether and how `beacon mcp` serves a feature's tools.
  enum ToolSetRole: Sendable {
    /// The feature has no tools (``Name/protocol``).
    case none
    /// Served when no tool sets are named (`--toolsets` left out).
    case standard
    /// Served only when named.
    case optional
  }

  /// The feature's name.
  package let name: Name
  /// Whether and how its tools are served.
  let toolSetRole: ToolSetRole
  /// The service the feature's handlers run on (``BeaconServer/run(_:_:)``), made for a session that has opened its
  /// store; `nil` for a feature without one.
  let makeService: @Sendable (FeatureContext) -> (any Sendable)?
  /// The service the feature's handlers run on when the session's store is on a PostgreSQL server; `nil` for a
  /// feature that keeps its data in a SQLite store only (its methods answer `notOnSharedStore` there).
  let makeSharedService: @Sendable (SharedFeatureContext) -> (any Sendable)?
  /// The base-URL option of the feature's upstream service, if it has one (``serviceURLOptions``).
  let serviceURL: ServiceURLOption?
  /// The store migrations the feature's own module brings (``storeMigrations``).
  let migrations: [StoreMigration]
  /// The PostgreSQL store migrations the feature's own module brings (``sharedMigrations``).
  let sharedMigrations: [PostgresMigration]
  /// The contract's result shapes of the feature that are spelled out once per tool list
  /// (``MCPToolSchemas/sharedShapes``).
  let sharedShapes: [String]
  /// What `beacon mcp`'s instructions say of the feature when its tools are served; `nil` for the features its
  /// opening paragraph covers.
  let agentSummary: String?
  /// Its top-level commands on the command line (`beacon crypto …`), which `beacon --help` lists (``FeatureVerb/all``).
  let verbs: [FeatureVerb]
  /// What `beacon store copy` carries of the feature's own rows, on either kind of store (``copiers``); `nil` for a
  /// feature whose rows the core's copy carries, or that keeps only caches.
  let copier: (any SharedStoreCopier)?

  /// A feature called `name`.
  init(
    _ name: Name,
    toolSet: ToolSetRole,
    service: @escaping @Sendable (FeatureContext) -> (any Sendable)? = { _ in nil },
    sharedService: @escaping @Sendable (SharedFeatureContext) -> (any Sendable)? = { _ in nil },
    serviceURL: ServiceURLOption? = nil,
    migrations: [StoreMigration] = [],
    sharedMigrations: [PostgresMigration] = [],
    sharedShapes: [String] = [],
    agentSummary: String? = nil,
    verbs: [FeatureVerb] = [],
    copier: (any SharedStoreCopier)? = nil
  ) {
    self.name = name
    toolSetRole = toolSet
    makeService = service
    makeSharedService = sharedService
    self.serviceURL = serviceURL
    self.migrations = migrations
    self.sharedMigrations = sharedMigrations
    self.sharedShapes = sharedShapes
    self.agentSummary = agentSummary
    self.verbs = verbs
    self.copier = copier
  }

  /// The feature's methods, in the order of ``MethodDescriptor/all``.
  package var methods: [MethodDescriptor] { MethodDescriptor.all.filter { $0.feature == name } }

  /// The MCP tool set that serves the feature's tools; `nil` for a feature without tools.
  package var toolSet: MCPToolSet? { toolSetRole == .none ? nil : MCPToolSet(name) }

  /// The built feature called `name`.
  static func named(_ name: Name) -> Feature? {
    built.first { $0.name == name }
  }

  /// Every built feature's upstream base-URL option, in the order of ``built``.
  package static var serviceURLOptions: [ServiceURLOption] { built.compactMap(\.serviceURL) }

  /// Every built feature's migrations, for `Store.open(path:migrations:)`.
  package static var storeMigrations: [StoreMigration] { built.flatMap(\.migrations) }

  /// Every built feature's PostgreSQL migrations, for `PostgresStore.open(_:user:migrations:defaultTimeZone:)`.
  package static var sharedMigrations: [PostgresMigration] { built.flatMap(\.sharedMigrations) }

  /// Every built feature's copier, for `beacon store copy` (``StoreCopy``).
  package static var copiers: [any SharedStoreCopier] { built.compactMap(\.copier) }
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

/// What a feature's service is made from when a session opens a PostgreSQL store (``Feature/makeSharedService``).
struct SharedFeatureContext: Sendable {
  /// The session's store on the server, for the session's user.
  let store: PostgresStore
  /// The resolved configuration (base URLs, offline, time zone).
  let configuration: BeaconConfiguration
  /// The server's options (the clock, the size cap of upstream answers).
  let options: ServerOptions

  /// A transport for an upstream service, with the server's cap on the size of an answer.
  func transport() -> URLSessionTransport {
    URLSessionTransport(maxResponseBytes: options.maxUpstreamBytes)
  }
}
