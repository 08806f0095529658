/// Every sentence about routes (`places/searchAlongRoute`, `beacon route`), in Norwegian Bokmål, Nynorsk and English.
///
/// Wrapped by ``LocalizedMessage/route(_:)``, so invalid params carry them like any other message.
package enum RouteMessage: Error, Sendable, Equatable {
  /// `route` is neither a GeoJSON LineString nor an encoded polyline.
  case invalidShape
  /// A polyline character outside `?`…`~` (ASCII 63…126), at this 1-based position.
  case invalidCharacter(character: String, position: Int)
  /// The polyline ends inside a value (its last character says more follows).
  case truncated(length: Int)
  /// The polyline holds an odd number of values: the last latitude has no longitude.
  case oddValueCount(Int)
  /// A value in the polyline is longer than any coordinate can be, at this 1-based position.
  case valueTooLong(position: Int)
  /// A polyline precision other than 5 or 6.
  case invalidPrecision(Int)
  /// Fewer than two positions.
  case tooFewPositions(Int)
  /// Position `index` (0-based) is no `[lon, lat]` pair in range.
  case invalidPosition(index: Int)
  /// More positions than a route may have.
  case tooManyPositions(count: Int, maximum: Int)
  /// A route longer than searches go.
  case tooLong(kilometres: Int, maximum: Int)
  /// A route file that holds no LineString.
  case noLineString(file: String)
  /// A route file that cannot be read.
  case unreadableFile(String)

  /// The sentence in `language`.
  package func text(in language: Language) -> String {
    language.choose(texts).clipped(to: LocalizedMessage.maxLength)
  }

  /// The (nb, nn, en) texts.
  var texts: (String, String, String) {
    switch self {
    case .invalidShape:
      (
        "'route' må være en GeoJSON LineString {\"type\": \"LineString\", \"coordinates\": [[lon, lat], …]} "
          + "eller {\"polyline\": \"…\", \"precision\": 5 eller 6}",
        "'route' må vere ein GeoJSON LineString {\"type\": \"LineString\", \"coordinates\": [[lon, lat], …]} "
          + "eller {\"polyline\": \"…\", \"precision\": 5 eller 6}",
        "'route' must be a GeoJSON LineString {\"type\": \"LineString\", \"coordinates\": [[lon, lat], …]} "
          + "or {\"polyline\": \"…\", \"precision\": 5 or 6}"
      )
    case .invalidCharacter(let character, let position):
      (
        "Polylinjen har et ugyldig tegn '\(character)' på plass \(position); bare ASCII fra ? til ~ er tillatt",
        "Polylinja har eit ugyldig teikn '\(character)' på plass \(position); berre ASCII frå ? til ~ er tillate",
        "The polyline has an invalid character '\(character)' at position \(position); only ASCII ? to ~ is allowed"
      )
    case .truncated(let length):
      (
        "Polylinjen slutter midt i en verdi (etter \(length) tegn); er den kuttet av?",
        "Polylinja sluttar midt i ein verdi (etter \(length) teikn); er ho kutta av?",
        "The polyline ends in the middle of a value (after \(length) characters); was it cut short?"
      )
    case .oddValueCount(let count):
      (
        "Polylinjen har \(count) verdier, et oddetall: den siste breddegraden mangler lengdegrad",
        "Polylinja har \(count) verdiar, eit oddetal: den siste breiddegraden manglar lengdegrad",
        "The polyline holds \(count) values, an odd number: the last latitude has no longitude"
      )
    case .valueTooLong(let position):
      (
        "Polylinjen har en verdi som er for lang til å være en koordinat, på plass \(position)",
        "Polylinja har ein verdi som er for lang til å vere ein koordinat, på plass \(position)",
        "The polyline has a value too long to be a coordinate at position \(position)"
      )
    case .invalidPrecision(let precision):
      (
        "'precision' må være 5 eller 6, ikke \(precision)",
        "'precision' må vere 5 eller 6, ikkje \(precision)",
        "'precision' must be 5 or 6, not \(precision)"
      )
    case .tooFewPositions(let count):
      (
        "En rute trenger minst 2 posisjoner, men har \(count)",
        "Ei rute treng minst 2 posisjonar, men har \(count)",
        "A route needs at least 2 positions, but has \(count)"
      )
    case .invalidPosition(let index):
      (
        "Posisjon \(index) i ruten er ikke [lon, lat] med lon fra −180 til 180 og lat fra −90 til 90",
        "Posisjon \(index) i ruta er ikkje [lon, lat] med lon frå −180 til 180 og lat frå −90 til 90",
        "Position \(index) of the route is not [lon, lat] with lon −180 to 180 and lat −90 to 90"
      )
    case .tooManyPositions(let count, let maximum):
      (
        "Ruten har \(count) posisjoner; høyst \(maximum) er tillatt",
        "Ruta har \(count) posisjonar; høgst \(maximum) er tillate",
        "The route has \(count) positions; at most \(maximum) are allowed"
      )
    case .tooLong(let kilometres, let maximum):
      (
        "Ruten er \(kilometres) km lang; høyst \(maximum) km er tillatt",
        "Ruta er \(kilometres) km lang; høgst \(maximum) km er tillate",
        "The route is \(kilometres) km long; at most \(maximum) km is allowed"
      )
    case .noLineString(let file):
      (
        "'\(file)' inneholder ingen GeoJSON LineString (en Feature eller en geometri)",
        "'\(file)' inneheld ingen GeoJSON LineString (ein Feature eller ein geometri)",
        "'\(file)' holds no GeoJSON LineString (a Feature or a geometry)"
      )
    case .unreadableFile(let file):
      (
        "Kan ikke lese rutefilen '\(file)'",
        "Kan ikkje lese rutefila '\(file)'",
        "Cannot read the route file '\(file)'"
      )
    }
  }
}
