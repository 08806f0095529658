import BeaconCore

/// Every sentence about fruits that Beacon says to people, in Norwegian Bokmål, Nynorsk and English.
///
/// Wrapped by `LocalizedMessage.fruit(_:)`, so errors and invalid params carry them like any other message.
package enum FruitMessage: FeatureMessage {
  case fruitNotFound(Int)
  case groupNotFound(kind: FruitGroupKind, name: String)
  case offlineWithoutCatalogue
  case highSugar
  case eatenInTheFuture
  case invalidDateTime(String)
  case invalidDate(String)
  case invalidDateRange(from: String, to: String)
  case emptyGroupName
  case invalidTimeZone(String)
  case invalidBaseURL(String)
  /// The log of eaten fruit, as a line of `beacon store copy`'s summary names it.
  case copiedLog

  /// The sentence in `language`.
  package func text(in language: Language) -> String {
    language.choose(texts).clipped(to: LocalizedMessage.maxLength)
  }

  /// The (nb, nn, en) texts.
  package var texts: (String, String, String) {
    switch self {
    case .copiedLog:
      ("fruktlogg", "fruktlogg", "fruit log")
    case .fruitNotFound(let id):
      ("Fant ingen frukt med id \(id)", "Fann inga frukt med id \(id)", "No fruit has the id \(id)")
    case .groupNotFound(let kind, let name):
      (
        "Fruityvice kjenner ingen \(kind.label(in: .nb)) '\(name)'",
        "Fruityvice kjenner ingen \(kind.label(in: .nn)) '\(name)'",
        "Fruityvice knows no \(kind.label(in: .en)) '\(name)'"
      )
    case .offlineWithoutCatalogue:
      (
        "Fruktlisten er ikke hentet ennå; kjør én gang uten --offline for å hente den fra Fruityvice",
        "Fruktlista er ikkje henta enno; køyr éin gong utan --offline for å hente ho frå Fruityvice",
        "The fruit list has not been fetched yet; run once without --offline to fetch it from Fruityvice"
      )
    case .highSugar:
      ("Denne frukten har høyt sukkernivå", "Denne frukta har høgt sukkernivå", "This fruit is high in sugar")
    case .eatenInTheFuture:
      (
        "Tidspunktet kan ikke være i fremtiden", "Tidspunktet kan ikkje vere i framtida",
        "The time cannot be in the future"
      )
    case .invalidDateTime(let text):
      (
        "'\(text)' er ikke et tidspunkt; skriv det som RFC 3339, f.eks. 2026-03-29T08:30:00+02:00",
        "'\(text)' er ikkje eit tidspunkt; skriv det som RFC 3339, t.d. 2026-03-29T08:30:00+02:00",
        "'\(text)' is not a time; write it as RFC 3339, e.g. 2026-03-29T08:30:00+02:00"
      )
    case .invalidDate(let text):
      (
        "'\(text)' er ikke en dato; skriv ÅÅÅÅ-MM-DD, f.eks. 2026-03-29",
        "'\(text)' er ikkje ein dato; skriv ÅÅÅÅ-MM-DD, t.d. 2026-03-29",
        "'\(text)' is not a date; write YYYY-MM-DD, e.g. 2026-03-29"
      )
    case .invalidDateRange(let from, let to):
      (
        "Fra-datoen \(from) er etter til-datoen \(to)", "Frå-datoen \(from) er etter til-datoen \(to)",
        "The start date \(from) is after the end date \(to)"
      )
    case .emptyGroupName:
      ("Navnet på gruppen mangler", "Namnet på gruppa manglar", "The group's name is missing")
    case .invalidTimeZone(let name):
      (
        "Ukjent tidssone '\(name)'; bruk et IANA-navn som Europe/Oslo",
        "Ukjend tidssone '\(name)'; bruk eit IANA-namn som Europe/Oslo",
        "Unknown time zone '\(name)'; use an IANA name such as Europe/Oslo"
      )
    case .invalidBaseURL(let text):
      (
        "Ugyldig Fruityvice-adresse '\(text)'; bruk en http- eller https-adresse",
        "Ugyldig Fruityvice-adresse '\(text)'; bruk ei http- eller https-adresse",
        "Invalid Fruityvice URL '\(text)'; use an http or https URL"
      )
    }
  }
}
