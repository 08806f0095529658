import CLibPQ
import CLibPQLoader
import Foundation

/// A libpq connection string (`postgresql://…` URL or `key=value` pairs) and its redacted form for people.
///
/// libpq reads the rest from its own sources (`PG*` variables, `~/.pgpass`, `PGSERVICE`), so a string without a
/// password is the usual case; when it has one, ``redacted`` shows `***` in its place.
package struct PostgresConnectionString: Sendable, Equatable, CustomStringConvertible {
  /// The string as given, password included: only for libpq.
  package let raw: String

  /// Wraps `raw`.
  package init(_ raw: String) {
    self.raw = raw
  }

  /// Whether `text` names a PostgreSQL store (a `postgresql://` or `postgres://` URL).
  package static func isPostgresURL(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
  }

  /// Seconds libpq waits for a server to answer while connecting when nothing else says: a server that takes the
  /// connection and never answers must not hold a request (or `initialize`) forever.
  package static let defaultConnectTimeout = 10

  /// The string libpq connects with: ``raw``, with `connect_timeout=`\(``defaultConnectTimeout``) added unless the
  /// string, `PGCONNECT_TIMEOUT` or a service (`service=`, `PGSERVICE`, whose file may set one) gives a timeout.
  package func connecting(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let given = Self.options(in: raw)
    let fromEnvironment = ["PGCONNECT_TIMEOUT", "PGSERVICE"].contains { !(environment[$0] ?? "").isEmpty }
    guard let given, given["connect_timeout"] == nil, given["service"] == nil, !fromEnvironment else { return raw }
    let option = "connect_timeout=\(Self.defaultConnectTimeout)"
    guard Self.isPostgresURL(raw) else { return raw + (raw.isEmpty ? "" : " ") + option }
    let separator = raw.hasSuffix("?") || raw.hasSuffix("&") ? "" : raw.contains("?") ? "&" : "?"
    return raw + separator + option
  }

  /// The options libpq reads from `text` itself (keyword and value, those given only), or `nil` when it cannot
  /// read it (libpq says why when connecting).
  static func options(in text: String) -> [String: String]? {
    guard beacon_pq_load() != 0 else { return nil }
    var errorMessage: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(text, &errorMessage) else {
      if let errorMessage { PQfreemem(errorMessage) }
      return nil
    }
    defer { PQconninfoFree(options) }
    var found: [String: String] = [:]
    var option = options
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val { found[String(cString: keyword)] = String(cString: value) }
      option += 1
    }
    return found
  }

  /// The string with its password replaced by `***`: the only form that reaches messages and logs.
  package var redacted: String { Self.redacted(raw) }

  package var description: String { redacted }

  /// `text` with every password in it replaced by `***`: the URL's user info, a `password=` parameter or
  /// keyword, and any other occurrence of the password libpq reads from it.
  package static func redacted(_ text: String) -> String {
    var result = isPostgresURL(text) ? redactedURL(text) : text
    result = redactedKeyword(result)
    for password in passwords(in: text) {
      result = Self.replacingPassword(password, in: result)
    }
    return result
  }

  /// The passwords `text` holds: the one libpq reads from it, and a URL's user info password as written, which
  /// libpq repeats in its message when it cannot decode it (`50%off`: "invalid percent-encoded token").
  package static func passwords(in text: String) -> [String] {
    var found: [String] = []
    if let password = password(in: text) { found.append(password) }
    if let written = urlPassword(in: text), !written.isEmpty, !found.contains(written) { found.append(written) }
    return found
  }

  /// `text` (any message) with `password` and its percent-encoded form replaced by `***`.
  package static func replacingPassword(_ password: String, in text: String) -> String {
    guard !password.isEmpty else { return text }
    var result = text.replacingOccurrences(of: password, with: "***")
    if let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != password {
      result = result.replacingOccurrences(of: encoded, with: "***")
    }
    return result
  }

  /// The password libpq reads from the string itself (not from the environment or `.pgpass`), if any.
  package static func password(in text: String) -> String? {
    // Without libpq nothing connects; the URL's password is redacted without it.
    guard let password = options(in: text)?["password"], !password.isEmpty else { return nil }
    return password
  }

  /// A URL with the password of its user info replaced.
  private static func redactedURL(_ text: String) -> String {
    guard let range = urlPasswordRange(in: text) else { return text }
    return text.replacingCharacters(in: range, with: "***")
  }

  /// A URL's user info password as written (percent-encoded or not), if it has one.
  private static func urlPassword(in text: String) -> String? {
    guard isPostgresURL(text), let range = urlPasswordRange(in: text) else { return nil }
    return String(text[range])
  }

  /// Where a URL's user info password is: between the user's `:` and the last `@` before the host.
  private static func urlPasswordRange(in text: String) -> Range<String.Index>? {
    guard let scheme = text.range(of: "://") else { return nil }
    let rest = text[scheme.upperBound...]
    let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    guard let at = authority.lastIndex(of: "@") else { return nil }
    let userInfo = authority[..<at]
    guard let colon = userInfo.firstIndex(of: ":") else { return nil }
    return text.index(after: colon)..<at
  }

  /// `password=value` (a URL query parameter or a conninfo keyword, the value possibly quoted) with `***`.
  private static func redactedKeyword(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let found = rest.range(of: "password=", options: .caseInsensitive) {
      result += rest[..<found.upperBound]
      rest = rest[found.upperBound...]
      var end = rest.startIndex
      if rest.first == "'" {
        end = rest.index(after: end)
        while end < rest.endIndex, rest[end] != "'" {
          if rest[end] == "\\" { end = rest.index(after: end) }
          if end < rest.endIndex { end = rest.index(after: end) }
        }
        if end < rest.endIndex { end = rest.index(after: end) }
      } else {
        end = rest.firstIndex(where: { $0 == "&" || $0 == " " || $0 == "#" }) ?? rest.endIndex
      }
      result += "***"
      rest = rest[end...]
    }
    return result + rest
  }
}
