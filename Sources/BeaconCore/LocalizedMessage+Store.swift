extension LocalizedMessage {
  /// The sentences about store files a user can act on, in nb, nn and en.
  var storeTexts: (String, String, String) {
    switch self {
    case .storeDirectoryMissing(let path, let directory):
      (
        "Mappen '\(directory)' finnes ikke, så databasen '\(path)' kan ikke lages der; opprett mappen eller velg "
          + "en annen plassering",
        "Mappa '\(directory)' finst ikkje, så databasen '\(path)' kan ikkje lagast der; opprett mappa eller vel "
          + "ein annan plassering",
        "The folder '\(directory)' does not exist, so the database '\(path)' cannot be created there; create the "
          + "folder or choose another location"
      )
    case .storeDamaged(let path):
      (
        "Databasefilen '\(path)' er skadet. Kjør 'beacon store check' for å se hva som kan leses, og "
          + "'beacon store recover' for å kopiere det over i en ny fil (med samme --store); den skadde filen "
          + "blir ikke endret",
        "Databasefila '\(path)' er skadd. Køyr 'beacon store check' for å sjå kva som kan lesast, og "
          + "'beacon store recover' for å kopiere det over i ei ny fil (med same --store); den skadde fila "
          + "blir ikkje endra",
        "The database file '\(path)' is damaged. Run 'beacon store check' to see what can be read, and "
          + "'beacon store recover' to copy it into a new file (with the same --store); the damaged file is "
          + "left unchanged"
      )
    default:
      ("", "", "")
    }
  }

  /// Why a store cannot be written, from the system's or SQLite's words, in nb, nn and en (other words as
  /// they are).
  static func readOnlyReason(_ reason: String) -> (String, String, String) {
    let lowered = reason.lowercased()
    if lowered.contains("read-only file system") {
      return ("filsystemet er skrivebeskyttet", "filsystemet er skriveverna", "the file system is read-only")
    }
    if lowered.contains("write-protected") {
      return ("filen er skrivebeskyttet", "fila er skriveverna", "the file is write-protected")
    }
    if lowered.contains("permission denied") || lowered.contains("readonly") {
      return ("mangler skrivetilgang", "manglar skrivetilgang", "no permission to write")
    }
    return (reason, reason, reason)
  }
}
