/// A language Beacon speaks to people: Norwegian Bokmål (the default), Nynorsk, or English.
package enum Language: String, Sendable, CaseIterable, Codable {
  case nb
  case nn
  case en

  /// The default language, Norwegian Bokmål.
  package static let defaultLanguage = Language.nb

  /// Reads a BCP 47 tag such as `nb`, `nb-NO`, `no`, `nn_NO`, `en-GB`; `nil` when it is none of ours.
  package init?(bcp47 tag: String) {
    let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
    switch primary {
    case "nb", "no", "nob", "nor": self = .nb
    case "nn", "nno": self = .nn
    case "en", "eng": self = .en
    default: return nil
    }
  }
}

extension Language {
  /// The one of three texts that is in this language: every localized sentence is a (nb, nn, en) triple.
  package func choose(_ texts: (nb: String, nn: String, en: String)) -> String {
    switch self {
    case .nb: texts.nb
    case .nn: texts.nn
    case .en: texts.en
    }
  }
}

extension Language {
  /// The language's name in nb, nn and en ("norsk bokmål", "nynorsk", "English", …).
  package var names: (String, String, String) {
    switch self {
    case .nb: ("norsk bokmål", "norsk bokmål", "Norwegian Bokmål")
    case .nn: ("nynorsk", "nynorsk", "Norwegian Nynorsk")
    case .en: ("engelsk", "engelsk", "English")
    }
  }
}
