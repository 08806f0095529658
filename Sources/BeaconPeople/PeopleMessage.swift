import BeaconCore

/// Every sentence about the user directory that Beacon says to people, in Norwegian Bokmål, Nynorsk and English.
///
/// Wrapped by `LocalizedMessage.people(_:)`, so errors and invalid params carry them like any other message.
package enum PeopleMessage: FeatureMessage {
  case userNotFound(String)
  case offline
  case missingValue(UserField)
  case tooLong(UserField, Int)
  case invalidEmail(String)
  case invalidPhone(String)
  case invalidBirthDate(String)
  case birthDateInFuture
  case emptySeed
  case seedTooLong(Int)
  case invalidBaseURL(String)
  case birthdayThisWeek(String)
  /// The directory's seed and last fetch, as a line of `beacon store copy`'s summary names them.
  case copiedDirectory
  /// The directory's users, as a line of `beacon store copy`'s summary names them.
  case copiedUsers
  /// The edits of users, as a line of `beacon store copy`'s summary names them.
  case copiedEdits
  /// The deleted users, as a line of `beacon store copy`'s summary names them.
  case copiedDeletions

  /// The sentence in `language`.
  package func text(in language: Language) -> String {
    language.choose(texts).clipped(to: LocalizedMessage.maxLength)
  }

  /// The (nb, nn, en) texts.
  package var texts: (String, String, String) {
    switch self {
    case .copiedDirectory:
      ("seed for brukerkatalogen", "seed for brukarkatalogen", "user directory seed")
    case .copiedUsers:
      ("brukere i katalogen", "brukarar i katalogen", "directory users")
    case .copiedEdits:
      ("endringer av brukere", "endringar av brukarar", "user edits")
    case .copiedDeletions:
      ("slettede brukere", "sletta brukarar", "deleted users")
    case .userNotFound(let id):
      (
        "Fant ingen bruker med id '\(id)'", "Fann ingen brukar med id '\(id)'",
        "No user has the id '\(id)'"
      )
    case .offline:
      (
        "Med --offline henter Beacon ingen brukere fra randomuser.me; kjør uten --offline for å hente dem",
        "Med --offline hentar Beacon ingen brukarar frå randomuser.me; køyr utan --offline for å hente dei",
        "With --offline Beacon fetches no users from randomuser.me; run without --offline to fetch them"
      )
    case .missingValue(let field):
      (
        "\(field.label(in: .nb)) mangler", "\(field.label(in: .nn)) manglar", "\(field.label(in: .en)) is missing"
      )
    case .tooLong(let field, let limit):
      (
        "\(field.label(in: .nb)) kan ha høyst \(limit) tegn", "\(field.label(in: .nn)) kan ha høgst \(limit) teikn",
        "\(field.label(in: .en)) may have at most \(limit) characters"
      )
    case .invalidEmail(let text):
      (
        "'\(text)' er ikke en e-postadresse; skriv den som navn@eksempel.no",
        "'\(text)' er ikkje ei e-postadresse; skriv ho som namn@døme.no",
        "'\(text)' is not an email address; write it as name@example.com"
      )
    case .invalidPhone(let text):
      (
        "'\(text)' er ikke et telefonnummer; bruk sifre, mellomrom og + - ( ) .",
        "'\(text)' er ikkje eit telefonnummer; bruk siffer, mellomrom og + - ( ) .",
        "'\(text)' is not a phone number; use digits, spaces and + - ( ) ."
      )
    case .invalidBirthDate(let text):
      (
        "'\(text)' er ikke en dato; skriv ÅÅÅÅ-MM-DD, f.eks. 1995-06-15",
        "'\(text)' er ikkje ein dato; skriv ÅÅÅÅ-MM-DD, t.d. 1995-06-15",
        "'\(text)' is not a date; write YYYY-MM-DD, e.g. 1995-06-15"
      )
    case .birthDateInFuture:
      (
        "Fødselsdatoen kan ikke være i fremtiden", "Fødselsdatoen kan ikkje vere i framtida",
        "The birth date cannot be in the future"
      )
    case .emptySeed:
      ("Seed mangler; skriv f.eks. ios", "Seed manglar; skriv t.d. ios", "The seed is missing; write e.g. ios")
    case .seedTooLong(let limit):
      (
        "Et seed kan ha høyst \(limit) tegn", "Eit seed kan ha høgst \(limit) teikn",
        "A seed may have at most \(limit) characters"
      )
    case .invalidBaseURL(let text):
      (
        "Ugyldig randomuser-adresse '\(text)'; bruk en http- eller https-adresse",
        "Ugyldig randomuser-adresse '\(text)'; bruk ei http- eller https-adresse",
        "Invalid randomuser URL '\(text)'; use an http or https URL"
      )
    case .birthdayThisWeek(let name):
      (
        "\(name) har bursdag denne uken 🎉", "\(name) har bursdag denne veka 🎉", "\(name) has a birthday this week 🎉"
      )
    }
  }
}
