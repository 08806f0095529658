import BeaconCore

/// What only the command line says (argument errors), in Norwegian Bokmål, Nynorsk and English.
///
/// Sentences the server also says live in ``LocalizedMessage`` and are wrapped by ``core(_:)``; the text of
/// results lives in `HumanText`. User input and names stand in single quotes.
package enum CLIText: Sendable, Equatable {
  case core(LocalizedMessage)
  case invalidChoice(option: String, value: String, choices: [String])
  case invalidNear(String)
  /// A `LAT,LON` option (`--from`, `--to`) that is no position.
  case invalidPosition(option: String, value: String)
  case invalidNumber(option: String, value: String)
  case invalidInteger(name: String, value: String)
  case optionNotAllowed(option: String, command: String)
  case conflictingOptions(String, String)
  case unexpectedArgument(String)
  // One-line usage errors.
  case unknownOption(String, suggestion: String?)
  case unknownCommand(String, suggestion: String?)
  case outOfRange(option: String, lower: String, upper: String, value: String, unit: String?)
  case tooSmall(option: String, lower: String, value: String)
  case unknownToolSet(String, valid: [String])
  case helpHint

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

  /// `value` followed by its unit, if any (`10 km`).
  private static func amount(_ value: String, _ unit: String?) -> String {
    unit.map { "\(value) \($0)" } ?? value
  }

  /// The one line a usage error prints: the problem, then how to get help.
  package func usageLine(in language: Language) -> String {
    Sentences.join([text(in: language), CLIText.helpHint.text(in: language)]) ?? ""
  }

  /// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo (at most
  /// two edits, and fewer than half of the word's characters).
  static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }) else { return nil }
    return best.1 > 0 && best.1 <= 2 && best.1 * 2 < word.count ? best.0 : nil
  }

  /// The Levenshtein distance between `a` and `b`, in Characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
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
    case .invalidPosition(let option, let value):
      (
        "'\(value)' er ikke en posisjon; skriv \(option) BREDDE,LENGDE, f.eks. 60.1713,24.9414",
        "'\(value)' er ikkje ein posisjon; skriv \(option) BREIDD,LENGD, t.d. 60.1713,24.9414",
        "'\(value)' is not a position; write \(option) LAT,LON, e.g. 60.1713,24.9414"
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
      {
        let (nb, nn, en) = LocalizedMessage.argumentNames(name)
        return (
          "'\(value)' er ikke et heltall ('\(nb)')", "'\(value)' er ikkje eit heiltal ('\(nn)')",
          "'\(value)' is not a whole number ('\(en)')"
        )
      }()
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
    case .unknownOption(let option, let suggestion):
      (
        "Ukjent valg '\(option)'" + (suggestion.map { "; mente du '\($0)'?" } ?? ""),
        "Ukjent val '\(option)'" + (suggestion.map { "; meinte du '\($0)'?" } ?? ""),
        "Unknown option '\(option)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
      )
    case .unknownCommand(let command, let suggestion):
      (
        "Ukjent kommando '\(command)'" + (suggestion.map { "; mente du '\($0)'?" } ?? ""),
        "Ukjend kommando '\(command)'" + (suggestion.map { "; meinte du '\($0)'?" } ?? ""),
        "Unknown command '\(command)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
      )
    case .outOfRange(let option, let lower, let upper, let value, let unit):
      (
        "'\(option)' må være fra \(lower) til \(Self.amount(upper, unit)), ikke \(Self.amount(value, unit))",
        "'\(option)' må vere frå \(lower) til \(Self.amount(upper, unit)), ikkje \(Self.amount(value, unit))",
        "'\(option)' must be \(lower) to \(Self.amount(upper, unit)), not \(Self.amount(value, unit))"
      )
    case .tooSmall(let option, let lower, let value):
      (
        "'\(option)' må være minst \(lower), ikke \(value)", "'\(option)' må vere minst \(lower), ikkje \(value)",
        "'\(option)' must be at least \(lower), not \(value)"
      )
    case .unknownToolSet(let name, let valid):
      (
        "Ukjent verktøysett '\(name)'; gyldige verktøysett: \(valid.joined(separator: ", "))",
        "Ukjent verktøysett '\(name)'; gyldige verktøysett: \(valid.joined(separator: ", "))",
        "Unknown tool set '\(name)'; valid tool sets: \(valid.joined(separator: ", "))"
      )
    case .helpHint:
      (
        "Skriv 'beacon --help' for å se alle kommandoer og valg",
        "Skriv 'beacon --help' for å sjå alle kommandoar og val",
        "Run 'beacon --help' to see every command and option"
      )
    }
  }
}
