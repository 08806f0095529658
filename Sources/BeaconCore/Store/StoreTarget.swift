import Foundation

/// Where a store lives, as `--store`, `BEACON_STORE` or `initializationOptions.storePath` name it: a SQLite file
/// (a path, or `sqlite:` and a path) or a PostgreSQL server (a `postgresql://` or `postgres://` URL, or libpq's
/// `keyword=value` pairs, handed to libpq as they are).
package enum StoreTarget: Sendable, Equatable {
  /// A SQLite file at this path (or `:memory:`).
  case sqlite(path: String)
  /// A PostgreSQL server: the libpq connection string (a URL or `keyword=value` pairs), password included (never
  /// show it; redact first).
  case postgres(url: String)

  /// Whether the target is a server shared by several users (PostgreSQL).
  package var isShared: Bool {
    if case .postgres = self { true } else { false }
  }

  /// Reads `text`: a `postgresql://` or `postgres://` URL (any case of the scheme) or `keyword=value` pairs that
  /// start with one of libpq's connection keywords (``isConnectionKeywords(_:)``) are PostgreSQL; `sqlite:PATH`
  /// (also `sqlite://PATH`) and anything else is a SQLite path.
  package init(_ text: String) {
    let lower = text.lowercased()
    if lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://") || Self.isConnectionKeywords(text) {
      self = .postgres(url: text)
    } else if lower.hasPrefix("sqlite:") {
      var path = text.dropFirst("sqlite:".count)
      if path.hasPrefix("//") { path = path.dropFirst(2) }
      self = .sqlite(path: String(path))
    } else {
      self = .sqlite(path: text)
    }
  }

  /// Whether `text` is libpq's `keyword=value` form (`host=db port=5432 dbname=beacon`): its first word is one of
  /// libpq's connection keywords followed by `=`. Such a text was never meant as a file's name, and as one it
  /// would put the password in a path, in messages and in a file created in the current directory.
  package static func isConnectionKeywords(_ text: String) -> Bool {
    let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    guard let equals = trimmed.firstIndex(of: "=") else { return false }
    let keyword = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
    return connectionKeywords.contains(keyword)
  }

  /// libpq's connection keywords (PostgreSQL 17's "Parameter Key Words").
  private static let connectionKeywords: Set<String> = [
    "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "require_auth", "channel_binding",
    "connect_timeout", "client_encoding", "options", "application_name", "fallback_application_name", "keepalives",
    "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout", "replication", "gssencmode",
    "sslmode", "requiressl", "sslnegotiation", "sslcompression", "sslcert", "sslkey", "sslpassword", "sslcertmode",
    "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "requirepeer", "ssl_min_protocol_version",
    "ssl_max_protocol_version", "krbsrvname", "gsslib", "gssdelegation", "service", "target_session_attrs",
    "load_balance_hosts",
  ]

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
