import BeaconCore

/// Every sentence about the PostgreSQL store that Beacon says to people, in Norwegian Bokmål, Nynorsk and English.
///
/// Carried by ``LocalizedMessage/feature(_:)``. `server` is always a redacted connection string
/// (``PostgresConnectionString/redacted(_:)``): the password never reaches a sentence.
package enum PostgresMessage: FeatureMessage {
  /// The server could not be reached or refused the connection.
  case connectionFailed(server: String, reason: String)
  /// The connection broke during a request; the next request connects again.
  case connectionLost(server: String)
  /// The server refused a statement.
  case statementFailed(server: String, reason: String)
  /// The database was migrated by a newer Beacon.
  case schemaTooNew(server: String, version: Int, supported: Int)
  /// The connection broke earlier and could not be made again; the next request tries again.
  case reconnectFailed(server: String, reason: String)
  /// libpq, which a PostgreSQL store needs, could not be loaded; `library` is the file Beacon looked for.
  case libraryMissing(server: String, library: String)
  /// A feature whose data a PostgreSQL store does not hold yet.
  case notAvailable(feature: String)
  /// `includeDemo` asked for the demo places, which a PostgreSQL store does not hold.
  case noDemoData

  /// The (nb, nn, en) texts.
  package var texts: (String, String, String) {
    switch self {
    case .connectionFailed(let server, let reason):
      (
        "Får ikke koblet til PostgreSQL-lageret '\(server)': \(reason)",
        "Får ikkje kopla til PostgreSQL-lageret '\(server)': \(reason)",
        "Cannot connect to the PostgreSQL store '\(server)': \(reason)"
      )
    case .connectionLost(let server):
      (
        "Forbindelsen til PostgreSQL-lageret '\(server)' ble brutt; forespørselen ble ikke fullført, "
          + "neste forespørsel kobler til på nytt",
        "Sambandet til PostgreSQL-lageret '\(server)' vart broten; førespurnaden vart ikkje fullført, "
          + "neste førespurnad koplar til på nytt",
        "The connection to the PostgreSQL store '\(server)' was lost; the request was not completed, "
          + "the next request connects again"
      )
    case .statementFailed(let server, let reason):
      (
        "PostgreSQL-lageret '\(server)' avviste forespørselen: \(reason)",
        "PostgreSQL-lageret '\(server)' avviste førespurnaden: \(reason)",
        "The PostgreSQL store '\(server)' refused the request: \(reason)"
      )
    case .reconnectFailed(let server, let reason):
      (
        "Forbindelsen til PostgreSQL-lageret '\(server)' er brutt og kunne ikke kobles opp igjen (\(reason)); "
          + "neste forespørsel prøver på nytt",
        "Sambandet til PostgreSQL-lageret '\(server)' er brote og kunne ikkje koplast opp att (\(reason)); "
          + "neste førespurnad prøver på nytt",
        "The connection to the PostgreSQL store '\(server)' is broken and could not be made again (\(reason)); "
          + "the next request tries again"
      )
    case .libraryMissing(let server, let library):
      (
        "PostgreSQL-lageret '\(server)' trenger libpq (\(library)), som ikke er installert: installer libpq5 "
          + "(Debian/Ubuntu) eller libpq (andre systemer), eller bruk en SQLite-fil (--store STI)",
        "PostgreSQL-lageret '\(server)' treng libpq (\(library)), som ikkje er installert: installer libpq5 "
          + "(Debian/Ubuntu) eller libpq (andre system), eller bruk ei SQLite-fil (--store STI)",
        "The PostgreSQL store '\(server)' needs libpq (\(library)), which is not installed: install libpq5 "
          + "(Debian/Ubuntu) or libpq (other systems), or use a SQLite file (--store PATH)"
      )
    case .notAvailable(let feature):
      (
        "'\(feature)' er ikke tilgjengelig på et PostgreSQL-lager ennå; bruk en SQLite-fil (--store STI) for dette",
        "'\(feature)' er ikkje tilgjengeleg på eit PostgreSQL-lager enno; bruk ei SQLite-fil (--store STI) for dette",
        "'\(feature)' is not available on a PostgreSQL store yet; use a SQLite file (--store PATH) for it"
      )
    case .noDemoData:
      (
        "Et PostgreSQL-lager har ingen demodata; søket gjelder stedene som er lagret på serveren",
        "Eit PostgreSQL-lager har ingen demodata; søket gjeld stadene som er lagra på tenaren",
        "A PostgreSQL store has no demo data; the search covers the places stored on the server"
      )
    case .schemaTooNew(let server, let version, let supported):
      (
        "PostgreSQL-lageret '\(server)' har skjemaversjon \(version), men denne Beacon kan bare \(supported); "
          + "oppgrader Beacon",
        "PostgreSQL-lageret '\(server)' har skjemaversjon \(version), men denne Beacon kan berre \(supported); "
          + "oppgrader Beacon",
        "The PostgreSQL store '\(server)' has schema version \(version), but this Beacon supports only "
          + "\(supported); upgrade Beacon"
      )
    }
  }
}

extension LocalizedMessage {
  /// A sentence about the PostgreSQL store.
  package static func postgres(_ message: PostgresMessage) -> LocalizedMessage { .feature(FeatureSentence(message)) }
}
