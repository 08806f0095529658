import Foundation

/// Where a store lives, as `--store`, `BEACON_STORE` or `initializationOptions.storePath` name it: a SQLite file
/// (a path, or `sqlite:` and a path) or a PostgreSQL server (a `postgresql://` or `postgres://` URL, handed to
/// libpq as it is).
package enum StoreTarget: Sendable, Equatable {
  /// A SQLite file at this path (or `:memory:`).
  case sqlite(path: String)
  /// A PostgreSQL server: the libpq connection URL, password included (never show it; redact first).
  case postgres(url: String)

  /// Whether the target is a server shared by several users (PostgreSQL).
  package var isShared: Bool {
    if case .postgres = self { true } else { false }
  }

  /// Reads `text`: a `postgresql://` or `postgres://` URL (any case of the scheme) is PostgreSQL; `sqlite:PATH`
  /// (also `sqlite://PATH`) and anything else is a SQLite path.
  package init(_ text: String) {
    let lower = text.lowercased()
    if lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://") {
      self = .postgres(url: text)
    } else if lower.hasPrefix("sqlite:") {
      var path = text.dropFirst("sqlite:".count)
      if path.hasPrefix("//") { path = path.dropFirst(2) }
      self = .sqlite(path: String(path))
    } else {
      self = .sqlite(path: text)
    }
  }

  /// The user a shared store attributes ratings, favourites and settings to when none is given: the name of the
  /// account the process runs as (`USER` or `LOGNAME` when the system has no name for it), else `beacon`.
  package static func defaultUser(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
      let user = String(cString: name)
      if !user.isEmpty { return user }
    }
    for key in ["USER", "LOGNAME"] {
      if let user = environment[key], !user.isEmpty { return user }
    }
    return "beacon"
  }
}
