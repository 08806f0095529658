import BeaconCore
import BeaconPeople

/// The sentences and labels of user-directory results shown as text (command line and MCP), in Norwegian Bokmål,
/// Nynorsk and English. Names and user input stand in single quotes.
package enum UserText: Sendable, Equatable {
  case core(PeopleMessage)
  case field(UserField)
  case columnName, columnAge, columnID, columnPicture, columnPosition, columnEdited, columnBirthday
  case count(Int, seed: String)
  case birthdayThisWeek(String)
  case notThisWeek
  case saved(String)
  case deleted(String)
  case notThere(String)
  case seedChanged(seed: String, removed: Int, kept: Int, added: Int, total: Int)
  case mapAll(count: Int, center: String, latitudeDelta: String, longitudeDelta: String)
  case mapCentred(name: String, center: String)
  case noLocation(String)
  case noPins
  case staleData(String)

  /// The text in `language`.
  package func text(in language: Language) -> String {
    switch self {
    case .core(let message): message.text(in: language)
    case .field(let field): field.label(in: language)
    default: language.choose(texts)
    }
  }

  private var texts: (String, String, String) {
    switch self {
    case .core, .field: ("", "", "")
    case .columnName: ("Navn", "Namn", "Name")
    case .columnAge: ("Alder", "Alder", "Age")
    case .columnID: ("ID", "ID", "ID")
    case .columnPicture: ("Bilde", "Bilete", "Picture")
    case .columnPosition: ("Posisjon", "Posisjon", "Position")
    case .columnEdited: ("Endret", "Endra", "Edited")
    case .columnBirthday: ("Bursdag", "Bursdag", "Birthday")
    case .count(let count, let seed):
      (
        "\(count) \(count == 1 ? "bruker" : "brukere") (seed '\(seed)'; ✎ = endret av deg)",
        "\(count) \(count == 1 ? "brukar" : "brukarar") (seed '\(seed)'; ✎ = endra av deg)",
        "\(count) \(count == 1 ? "user" : "users") (seed '\(seed)'; ✎ = edited by you)"
      )
    case .birthdayThisWeek(let day):
      ("\(day) – denne uken 🎉", "\(day) – denne veka 🎉", "\(day) – this week 🎉")
    case .notThisWeek:
      ("ikke denne uken", "ikkje denne veka", "not this week")
    case .saved(let name):
      ("Lagret endringene for '\(name)'", "Lagra endringane for '\(name)'", "Saved the changes to '\(name)'")
    case .deleted(let id):
      (
        "Brukeren '\(id)' er slettet og kommer ikke tilbake", "Brukaren '\(id)' er sletta og kjem ikkje tilbake",
        "User '\(id)' is deleted and will not come back"
      )
    case .notThere(let id):
      ("Fant ingen bruker med id '\(id)'", "Fann ingen brukar med id '\(id)'", "No user has the id '\(id)'")
    case .seedChanged(let seed, let removed, let kept, let added, let total):
      (
        "Seed er nå '\(seed)': \(removed) slettet, \(kept) beholdt (endret av deg), \(added) nye hentet; "
          + "listen har \(total) brukere",
        "Seed er no '\(seed)': \(removed) sletta, \(kept) haldne (endra av deg), \(added) nye henta; "
          + "lista har \(total) brukarar",
        "The seed is now '\(seed)': \(removed) deleted, \(kept) kept (edited by you), \(added) new fetched; "
          + "the list has \(total) users"
      )
    case .mapAll(let count, let center, let latitudeDelta, let longitudeDelta):
      (
        "Kartet viser \(count) brukere rundt \(center) (\(latitudeDelta)° × \(longitudeDelta)°)",
        "Kartet viser \(count) brukarar rundt \(center) (\(latitudeDelta)° × \(longitudeDelta)°)",
        "The map shows \(count) users around \(center) (\(latitudeDelta)° × \(longitudeDelta)°)"
      )
    case .mapCentred(let name, let center):
      (
        "Kartet er sentrert på '\(name)' (\(center)); ingen andre brukere vises",
        "Kartet er sentrert på '\(name)' (\(center)); ingen andre brukarar blir viste",
        "The map is centred on '\(name)' (\(center)); no other users are shown"
      )
    case .noLocation(let name):
      ("'\(name)' har ingen posisjon", "'\(name)' har ingen posisjon", "'\(name)' has no position")
    case .noPins:
      ("Ingen brukere har en posisjon", "Ingen brukarar har ein posisjon", "No user has a position")
    case .staleData(let date):
      (
        "Viser lagrede brukere fra \(date); randomuser.me svarte ikke",
        "Viser lagra brukarar frå \(date); randomuser.me svarte ikkje",
        "Showing stored users from \(date); randomuser.me did not answer"
      )
    }
  }
}
