import BeaconCore

/// What `beacon store check` and `beacon store recover` say, in Norwegian Bokmål, Nynorsk and English.
enum StoreText: Sendable, Equatable {
  case healthy(path: String)
  case damaged(path: String, tables: Int)
  case unreadable(path: String)
  case recoverHint
  case table(name: String, rows: Int, damaged: Bool)
  case recovered(path: String, output: String)
  case useRecovered(path: String, output: String)
  case nothingRecovered(path: String)
  case noSuchFile(path: String)
  case outputExists(path: String)

  /// The text in `language`.
  func text(in language: Language) -> String { language.choose(texts) }

  private var texts: (String, String, String) {
    switch self {
    case .healthy(let path):
      (
        "Databasen '\(path)' er i orden", "Databasen '\(path)' er i orden",
        "The database '\(path)' is sound"
      )
    case .damaged(let path, let tables):
      (
        "Databasen '\(path)' er skadet; \(tables) \(tables == 1 ? "tabell" : "tabeller") har rader som ikke kan leses",
        "Databasen '\(path)' er skadd; \(tables) \(tables == 1 ? "tabell" : "tabellar") har rader som ikkje kan lesast",
        "The database '\(path)' is damaged; \(tables) \(tables == 1 ? "table has" : "tables have") rows that "
          + "cannot be read"
      )
    case .unreadable(let path):
      (
        "Filen '\(path)' kan ikke leses som en database; ingenting kan reddes fra den",
        "Fila '\(path)' kan ikkje lesast som ein database; ingenting kan bergast frå henne",
        "The file '\(path)' cannot be read as a database; nothing can be recovered from it"
      )
    case .recoverHint:
      (
        "Kjør 'beacon store recover' (med samme --store) for å kopiere det som kan leses over i en ny fil; den "
          + "skadde filen blir ikke endret",
        "Køyr 'beacon store recover' (med same --store) for å kopiere det som kan lesast over i ei ny fil; den "
          + "skadde fila blir ikkje endra",
        "Run 'beacon store recover' (with the same --store) to copy what can be read into a new file; the damaged "
          + "file is left unchanged"
      )
    case .table(let name, let rows, let damaged):
      (
        "'\(name)': \(rows) \(rows == 1 ? "rad" : "rader")\(damaged ? " (noen rader kunne ikke leses)" : "")",
        "'\(name)': \(rows) \(rows == 1 ? "rad" : "rader")\(damaged ? " (nokre rader kunne ikkje lesast)" : "")",
        "'\(name)': \(rows) \(rows == 1 ? "row" : "rows")\(damaged ? " (some rows could not be read)" : "")"
      )
    case .recovered(let path, let output):
      (
        "Kopierte det som kunne leses fra '\(path)' til den nye databasen '\(output)':",
        "Kopierte det som kunne lesast frå '\(path)' til den nye databasen '\(output)':",
        "Copied what could be read from '\(path)' into the new database '\(output)':"
      )
    case .useRecovered(let path, let output):
      (
        "'\(path)' er ikke endret. Bruk den nye filen med --store '\(output)', eller flytt den til '\(path)' når "
          + "du har tatt vare på den skadde",
        "'\(path)' er ikkje endra. Bruk den nye fila med --store '\(output)', eller flytt henne til '\(path)' når "
          + "du har teke vare på den skadde",
        "'\(path)' is unchanged. Use the new file with --store '\(output)', or move it to '\(path)' once you have "
          + "kept the damaged one somewhere safe"
      )
    case .noSuchFile(let path):
      (
        "Det finnes ingen database '\(path)'", "Det finst ingen database '\(path)'",
        "There is no database '\(path)'"
      )
    case .outputExists(let path):
      (
        "'\(path)' finnes allerede og blir ikke overskrevet; velg en annen fil med --output",
        "'\(path)' finst allereie og blir ikkje skriven over; vel ei anna fil med --output",
        "'\(path)' exists already and is not overwritten; choose another file with --output"
      )
    case .nothingRecovered(let path):
      (
        "Ingen rader kunne leses fra '\(path)'; ingen ny fil er laget",
        "Ingen rader kunne lesast frå '\(path)'; inga ny fil er laga",
        "No rows could be read from '\(path)'; no new file was made"
      )
    }
  }
}
