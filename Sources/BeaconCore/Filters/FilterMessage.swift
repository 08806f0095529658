/// Every sentence and label about search filters and place facts, in Norwegian Bokmål, Nynorsk and English.
///
/// Wrapped by ``LocalizedMessage/filter(_:)``, so invalid params carry them like any other message.
package enum FilterMessage: Sendable, Equatable {
  /// A value outside a fixed list (`diet`, `wheelchair`).
  case invalidChoice(field: String, value: String, valid: [String])
  /// A cuisine that is no OSM cuisine value.
  case invalidCuisine(String)
  /// An `openAt` that is no local date-time.
  case invalidOpenAt(String)
  /// A `minRating` outside 1…5.
  case ratingOutOfRange(String)
  /// A search text longer than ``PlaceSearch/maxTextLength`` characters.
  case textTooLong(Int)

  /// The sentence in `language`.
  package func text(in language: Language) -> String {
    language.choose(texts).clipped(to: LocalizedMessage.maxLength)
  }

  /// The (nb, nn, en) texts.
  var texts: (String, String, String) {
    switch self {
    case .invalidChoice(let field, let value, let valid):
      let list = valid.joined(separator: ", ")
      return (
        "'\(value)' er ikke en gyldig verdi for '\(field)'; gyldige verdier: \(list)",
        "'\(value)' er ikkje ein gyldig verdi for '\(field)'; gyldige verdiar: \(list)",
        "'\(value)' is not a valid value for '\(field)'; valid values: \(list)"
      )
    case .invalidCuisine(let value):
      return (
        "'\(value)' er ikke en gyldig verdi for 'cuisine'; bruk OpenStreetMap-verdier med små bokstaver, sifre og _, "
          + "som pizza, sushi, indian",
        "'\(value)' er ikkje ein gyldig verdi for 'cuisine'; bruk OpenStreetMap-verdiar med små bokstavar, siffer og _, "
          + "som pizza, sushi, indian",
        "'\(value)' is not a valid value for 'cuisine'; use OpenStreetMap values of lowercase letters, digits and _, "
          + "such as pizza, sushi, indian"
      )
    case .invalidOpenAt(let value):
      return (
        "'\(value)' er ikke et gyldig tidspunkt for 'openAt'; bruk lokal dato og tid uten sone, som 2026-11-25T19:00",
        "'\(value)' er ikkje eit gyldig tidspunkt for 'openAt'; bruk lokal dato og tid utan sone, som 2026-11-25T19:00",
        "'\(value)' is not a valid time for 'openAt'; use a local date and time without a zone, such as "
          + "2026-11-25T19:00"
      )
    case .ratingOutOfRange(let value):
      return (
        "'minRating' må være fra 1 til 5, ikke \(value)",
        "'minRating' må vere frå 1 til 5, ikkje \(value)",
        "'minRating' must be 1 to 5, not \(value)"
      )
    case .textTooLong(let limit):
      return (
        "Søketeksten kan ha høyst \(limit) tegn", "Søketeksten kan ha høgst \(limit) teikn",
        "A search text may have at most \(limit) characters"
      )
    }
  }
}

extension PlaceFilters.Name {
  /// The filter's name for people in `language` (`Kosthold`, `Rullestol`…).
  package func label(in language: Language) -> String {
    switch self {
    case .diet: language.choose(("Kosthold", "Kosthald", "Diet"))
    case .cuisine: language.choose(("Kjøkken", "Kjøkken", "Cuisine"))
    case .wheelchair: language.choose(("Rullestol", "Rullestol", "Wheelchair"))
    case .outdoorSeating: language.choose(("Uteservering", "Uteservering", "Outdoor seating"))
    case .takeaway: "Takeaway"
    case .openAt: language.choose(("Åpningstid", "Opningstid", "Opening hours"))
    case .minRating: language.choose(("Vurdering", "Vurdering", "Rating"))
    }
  }
}

extension Diet {
  /// The diet's name in `language`.
  package func label(in language: Language) -> String {
    switch self {
    case .vegan: language.choose(("vegansk", "vegansk", "vegan"))
    case .vegetarian: language.choose(("vegetarisk", "vegetarisk", "vegetarian"))
    case .glutenFree: language.choose(("glutenfri", "glutenfri", "gluten-free"))
    case .halal: "halal"
    case .kosher: "kosher"
    }
  }
}

extension PlaceFacts {
  /// The known facts as one line for people, `Kosthold: vegansk · Rullestol: ja · Uteservering: nei`; `nil` when
  /// nothing is known.
  package func line(in language: Language) -> String? {
    func yesNo(_ value: Bool) -> String {
      value ? language.choose(("ja", "ja", "yes")) : language.choose(("nei", "nei", "no"))
    }
    var parts: [String] = []
    if !knownDiets.isEmpty {
      let names =
        diet.isEmpty
        ? language.choose(("ingen oppgitt", "ingen oppgitt", "none stated"))
        : diet.map { $0.label(in: language) }.joined(separator: ", ")
      parts.append(language.choose(("Kosthold", "Kosthald", "Diet")) + ": " + names)
    }
    if let cuisine {
      parts.append(language.choose(("Kjøkken", "Kjøkken", "Cuisine")) + ": " + cuisine.joined(separator: ", "))
    }
    if let wheelchair {
      let value =
        switch wheelchair {
        case .yes: language.choose(("ja", "ja", "yes"))
        case .limited: language.choose(("delvis", "delvis", "limited"))
        case .no: language.choose(("nei", "nei", "no"))
        }
      parts.append(language.choose(("Rullestol", "Rullestol", "Wheelchair")) + ": " + value)
    }
    if let outdoorSeating {
      parts.append(language.choose(("Uteservering", "Uteservering", "Outdoor seating")) + ": " + yesNo(outdoorSeating))
    }
    if let takeaway { parts.append(language.choose(("Takeaway", "Takeaway", "Takeaway")) + ": " + yesNo(takeaway)) }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }
}
