/// The texts of the protocol and JSON fault messages (`-32700`, `-32602`, `beacon call` parameters).
extension LocalizedMessage {
  /// The (nb, nn, en) texts of the protocol and JSON fault messages.
  var protocolFaultTexts: (String, String, String) {
    switch self {
    case .invalidJSONMessage(let syntax):
      let (nb, nn, en) = syntax.texts
      return (
        "Meldingen er ikke gyldig JSON: \(nb)", "Meldinga er ikkje gyldig JSON: \(nn)",
        "The message is not valid JSON: \(en)"
      )
    case .framingFault(let fault):
      let (nb, nn, en) = fault.texts ?? ("?", "?", "?")
      return (
        "Meldingen har feil innramming: \(nb)", "Meldinga har feil innramming: \(nn)",
        "The message is badly framed: \(en)"
      )
    case .invalidJSONParameters(let syntax):
      let (nb, nn, en) = syntax.texts
      return (
        "Parameterne er ikke gyldig JSON: \(nb)", "Parametrane er ikkje gyldig JSON: \(nn)",
        "The parameters are not valid JSON: \(en)"
      )
    case .missingParameter(let field):
      return ("Parameteren '\(field)' mangler", "Parameteren '\(field)' manglar", "The parameter '\(field)' is missing")
    case .parameterOfWrongType(let field, let expected):
      let (nb, nn, en) = Self.typeTexts(expected)
      return (
        "Ugyldig parameter '\(field)': må være \(nb)", "Ugyldig parameter '\(field)': må vere \(nn)",
        "Invalid parameter '\(field)': must be \(en)"
      )
    case .parameterOutOfRange(let field):
      return (
        "Ugyldig parameter '\(field)': tallet er utenfor gyldig område",
        "Ugyldig parameter '\(field)': talet er utanfor gyldig område",
        "Invalid parameter '\(field)': the number is out of range"
      )
    case .parametersByPosition:
      return (
        "Parameterne må være et objekt med navngitte verdier, ikke en liste",
        "Parametrane må vere eit objekt med namngjevne verdiar, ikkje ei liste",
        "The parameters must be an object of named values, not an array"
      )
    default:
      return ("", "", "")
    }
  }

  /// "a string", "an integer", … for a JSON Schema type name.
  static func typeTexts(_ type: String) -> (String, String, String) {
    switch type {
    case "string": ("tekst", "tekst", "a string")
    case "integer": ("et heltall", "eit heiltal", "an integer")
    case "number": ("et tall", "eit tal", "a number")
    case "boolean": ("true eller false", "true eller false", "true or false")
    case "array": ("en liste", "ei liste", "an array")
    case "string or integer": ("tekst eller et heltall", "tekst eller eit heiltal", "a string or an integer")
    default: ("et objekt", "eit objekt", "an object")
    }
  }
}
