import BeaconJSON

/// A JSON syntax fault said for people: ``JSONParseError`` is structured and English (BeaconJSON knows no
/// languages), this says it in Bokmål, Nynorsk or English, with the byte where it was found.
package struct JSONSyntaxMessage: Sendable, Equatable {
  /// What was wrong.
  package var kind: JSONParseError.Kind
  /// The byte offset, when it helps (not in a file, where a line and column are given instead).
  package var offset: Int?

  /// A message for `kind`, at `offset` if given.
  package init(kind: JSONParseError.Kind, offset: Int?) {
    self.kind = kind
    self.offset = offset
  }

  /// The message for a parse error, with its byte offset.
  package init(_ error: JSONParseError) {
    self.init(kind: error.kind, offset: error.offset)
  }

  /// The fragment in `language`.
  package func text(in language: Language) -> String {
    language.choose(texts)
  }

  /// The (nb, nn, en) fragments: lower-case, to follow a colon.
  var texts: (String, String, String) {
    let (nb, nn, en) = Self.kindTexts(kind)
    guard let offset else { return (nb, nn, en) }
    return ("\(nb) (byte \(offset))", "\(nn) (byte \(offset))", "\(en) (byte \(offset))")
  }

  private static func kindTexts(_ kind: JSONParseError.Kind) -> (String, String, String) {
    switch kind {
    case .unexpectedEndOfInput:
      ("teksten slutter for tidlig", "teksten sluttar for tidleg", "the text ends too early")
    case .unexpectedCharacter:
      ("uventet tegn", "uventa teikn", "unexpected character")
    case .invalidLiteral:
      (
        "ukjent ord (bare true, false og null er tillatt)", "ukjent ord (berre true, false og null er tillatne)",
        "unknown word (only true, false and null are allowed)"
      )
    case .expectedObjectKey:
      ("ventet en nøkkel i anførselstegn", "venta ein nøkkel i hermeteikn", "expected a key in double quotes")
    case .expectedColon:
      ("ventet ':' etter nøkkelen", "venta ':' etter nøkkelen", "expected ':' after the key")
    case .expectedCommaOrClosingBrace:
      ("ventet ',' eller '}'", "venta ',' eller '}'", "expected ',' or '}'")
    case .expectedCommaOrClosingBracket:
      ("ventet ',' eller ']'", "venta ',' eller ']'", "expected ',' or ']'")
    case .invalidNumber:
      ("ugyldig tall", "ugyldig tal", "invalid number")
    case .leadingZero:
      ("et tall kan ikke begynne med 0", "eit tal kan ikkje byrje med 0", "a number cannot start with 0")
    case .numberOutOfRange:
      ("tallet er for stort", "talet er for stort", "the number is too large")
    case .nestedTooDeep(let limit):
      ("nøstet dypere enn \(limit) nivåer", "nøsta djupare enn \(limit) nivå", "nested deeper than \(limit) levels")
    case .unterminatedString:
      (
        "en tekststreng mangler avsluttende anførselstegn", "ein tekststreng manglar avsluttande hermeteikn",
        "a string has no closing quote"
      )
    case .controlCharacterInString:
      ("kontrolltegn i en tekststreng", "kontrollteikn i ein tekststreng", "control character in a string")
    case .invalidEscape:
      ("ugyldig tegn etter '\\'", "ugyldig teikn etter '\\'", "invalid character after '\\'")
    case .invalidUnicodeEscape:
      ("ugyldig \\u-kode", "ugyldig \\u-kode", "invalid \\u escape")
    case .invalidUTF8:
      ("ugyldig UTF-8 i en tekststreng", "ugyldig UTF-8 i ein tekststreng", "invalid UTF-8 in a string")
    case .dataAfterValue:
      ("mer tekst etter JSON-verdien", "meir tekst etter JSON-verdien", "more text after the JSON value")
    }
  }
}
