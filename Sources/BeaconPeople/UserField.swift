import BeaconCore

/// A field of a user that `users/update` can change; also how `editedFields` names what was changed.
package enum UserField: String, Sendable, Equatable, Codable, CaseIterable {
  case firstName, lastName, city, email, phone, birthDate

  /// The field's name for people, capitalized (`Fornavn`, `Førenamn`, `First name`).
  package func label(in language: Language) -> String {
    switch self {
    case .firstName: language.choose(("Fornavn", "Førenamn", "First name"))
    case .lastName: language.choose(("Etternavn", "Etternamn", "Last name"))
    case .city: language.choose(("By", "By", "City"))
    case .email: language.choose(("E-post", "E-post", "Email"))
    case .phone: language.choose(("Telefon", "Telefon", "Phone"))
    case .birthDate: language.choose(("Fødselsdato", "Fødselsdato", "Birth date"))
    }
  }

  /// The longest value the field may hold, in characters.
  package var maxLength: Int {
    switch self {
    case .email: 254
    case .phone: 40
    case .firstName, .lastName, .city: 100
    case .birthDate: 10
    }
  }
}
