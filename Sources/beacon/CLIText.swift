import BeaconCore

/// What only the command line says (argument errors), in Norwegian Bokmål, Nynorsk and English.
///
/// Sentences the server also says live in ``LocalizedMessage`` and are wrapped by ``core(_:)``; the text of
/// results lives in `HumanText`. User input and names stand in single quotes.
enum CLIText: Sendable, Equatable {
  case core(LocalizedMessage)
  case invalidChoice(option: String, value: String, choices: [String])
  case invalidNear(String)
  case invalidNumber(option: String, value: String)
  case invalidInteger(name: String, value: String)
  case optionNotAllowed(option: String, command: String)
  case conflictingOptions(String, String)
  case unexpectedArgument(String)

  /// The text in `language`.
  func text(in language: Language) -> String {
    if case .core(let message) = self { return message.text(in: language) }
    return language.choose(texts)
  }

  /// `items` joined as a list: `a, b eller c` (English: `a, b or c`).
  static func alternatives(_ items: [String], in language: Language) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    let or = language == .en ? "or" : "eller"
    return items.dropLast().joined(separator: ", ") + " \(or) " + last
  }

  private var texts: (String, String, String) {
    switch self {
    case .core: ("", "", "")
    case .invalidChoice(let option, let value, let choices):
      (
        "Ugyldig verdi '\(value)' for '\(option)'; bruk \(Self.alternatives(choices, in: .nb))",
        "Ugyldig verdi '\(value)' for '\(option)'; bruk \(Self.alternatives(choices, in: .nn))",
        "Invalid value '\(value)' for '\(option)'; use \(Self.alternatives(choices, in: .en))"
      )
    case .invalidNear(let value):
      (
        "'\(value)' er ikke en posisjon; skriv --near BREDDE,LENGDE, f.eks. 59.9111,10.7503",
        "'\(value)' er ikkje ein posisjon; skriv --near BREIDD,LENGD, t.d. 59.9111,10.7503",
        "'\(value)' is not a position; write --near LAT,LON, e.g. 59.9111,10.7503"
      )
    case .invalidNumber(let option, let value):
      (
        "'\(value)' er ikke et tall ('\(option)')", "'\(value)' er ikkje eit tal ('\(option)')",
        "'\(value)' is not a number ('\(option)')"
      )
    case .invalidInteger(let name, let value):
      (
        "'\(value)' er ikke et heltall ('\(name)')", "'\(value)' er ikkje eit heiltal ('\(name)')",
        "'\(value)' is not a whole number ('\(name)')"
      )
    case .optionNotAllowed(let option, let command):
      (
        "Valget '\(option)' kan ikke brukes med 'beacon \(command)'",
        "Valet '\(option)' kan ikkje brukast med 'beacon \(command)'",
        "The option '\(option)' cannot be used with 'beacon \(command)'"
      )
    case .conflictingOptions(let first, let second):
      (
        "'\(first)' og '\(second)' kan ikke brukes samtidig", "'\(first)' og '\(second)' kan ikkje brukast samtidig",
        "'\(first)' and '\(second)' cannot be used together"
      )
    case .unexpectedArgument(let argument):
      ("Uventet argument '\(argument)'", "Uventa argument '\(argument)'", "Unexpected argument '\(argument)'")
    }
  }
}
