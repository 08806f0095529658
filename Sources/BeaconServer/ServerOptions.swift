import BeaconCore
import Foundation
import JSONRPC

/// How a ``BeaconServer`` is set up before any client speaks to it.
package struct ServerOptions: Sendable {
  /// Settings from command-line flags (highest precedence).
  package var flags: BeaconOptions
  /// Settings from the environment (below `initializationOptions`).
  package var environment: BeaconOptions
  /// Whether to serve the `test/*` methods used by end-to-end tests.
  package var enablesTestMethods: Bool
  /// The current time: the one clock whether places are open now is read from (fixed in tests).
  package var now: @Sendable () -> Date
  /// The most requests in flight at once (`BEACON_MAX_IN_FLIGHT`); more are answered with `serverOverloaded`.
  package var maxInFlight: Int
  /// The deepest JSON nesting a message may have (`BEACON_MAX_JSON_DEPTH`); deeper is a parse error.
  package var maxJSONDepth: Int = JSONParser.defaultMaxDepth
  /// The most messages in one batch (`BEACON_MAX_BATCH`); a longer batch is one invalid request.
  package var maxBatchLength: Int = 10_000
  /// The largest body an upstream API may send (`BEACON_MAX_UPSTREAM_BYTES`); larger is `upstreamUnavailable`.
  package var maxUpstreamBytes: Int = 8 << 20
  /// Whether `places/import` may read `path` `-`, the process's standard input: only for `beacon import -`,
  /// never where the standard input carries the protocol.
  package var importsFromStandardInput = false
  /// Whether a `places/search` with a `center` stores it as the next search's centre (the editors' and the CLI's
  /// way); `beacon mcp` turns it off, so that an agent's search only reads, as its `readOnlyHint` says, and the
  /// user's centre moves only through `settings_update`.
  package var searchStoresCenter = true

  /// Creates options.
  package init(
    flags: BeaconOptions = BeaconOptions(),
    environment: BeaconOptions = BeaconOptions(),
    enablesTestMethods: Bool = false,
    now: @escaping @Sendable () -> Date = { Date() },
    maxInFlight: Int = 1024
  ) {
    self.flags = flags
    self.environment = environment
    self.enablesTestMethods = enablesTestMethods
    self.now = now
    self.maxInFlight = maxInFlight
  }

  /// The language the store keeps (``storedLanguage(storePath:environment:)``), when the command line read it.
  package var storedLanguage: Language?

  /// The language to speak before `initialize` says otherwise: `--locale`, `BEACON_LOCALE`, the store's, nb.
  package var initialLanguage: Language {
    let tag = flags.locale ?? environment.locale
    return tag.flatMap(Language.init(bcp47:)) ?? storedLanguage ?? .defaultLanguage
  }

  /// The locale kept in the settings of the SQLite store at `storePath` (or at the default path), read without
  /// changing the file: what the command line speaks outside a session (a usage fault, help, `store` commands) as
  /// every session on that store does. `nil` for a PostgreSQL store, a file that is missing or unreadable, or none
  /// kept.
  package static func storedLanguage(storePath: String?, environment: [String: String]) -> Language? {
    guard case .sqlite(let path) = StoreTarget(storePath ?? StoreLocation.defaultPath(environment: environment))
    else { return nil }
    let expanded = (path as NSString).expandingTildeInPath
    guard FileManager.default.fileExists(atPath: expanded) else { return nil }
    return StoreRecovery.storedLanguage(path: expanded)
  }
}
