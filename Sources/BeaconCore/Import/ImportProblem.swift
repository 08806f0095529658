import BeaconJSON

/// Why a file could not be imported, said in the user's language; ``wireText`` is the stable English text of
/// `data.reason` on the wire.
///
/// A string literal makes ``other(_:)``: English in every language, for a reason that has no case yet.
public enum ImportProblem: Sendable, Equatable, ExpressibleByStringInterpolation {
  /// The file could not be read.
  case unreadable
  /// The file is larger than `limitMiB` MiB.
  case tooLarge(limitMiB: Int)
  /// The file is not valid JSON.
  case invalidJSON(JSONParseError.Kind)
  /// The top level is not a GeoJSON FeatureCollection.
  case notFeatureCollection
  /// A member of `features` is not a GeoJSON Feature.
  case notFeature
  /// A geometry with no `type`.
  case geometryWithoutType
  /// A geometry of `type` with no `coordinates`.
  case withoutCoordinates(type: String)
  /// A MultiPolygon with no polygons.
  case multiPolygonWithoutPolygons
  /// A Polygon with no rings.
  case polygonWithoutRings
  /// A position that is not `[longitude, latitude]`.
  case invalidPosition
  /// A position outside the globe.
  case positionOutsideGlobe(longitude: Double, latitude: Double)
  /// An empty list of positions.
  case emptyPositions
  /// Any other reason, in English.
  case other(String)

  public init(stringLiteral value: String) { self = .other(value) }

  /// The sentence fragment in `language` (lower-case, to follow a colon).
  public func text(in language: Language) -> String { language.choose(texts) }

  /// The English text sent as `data.reason`.
  public var wireText: String {
    switch self {
    case .invalidJSON(let kind): JSONParseError(offset: 0, kind: kind).reason
    default: texts.2
    }
  }

  /// The (nb, nn, en) fragments.
  var texts: (String, String, String) {
    switch self {
    case .unreadable:
      ("filen kan ikke leses", "fila kan ikkje lesast", "cannot read the file")
    case .tooLarge(let limit):
      (
        "filen er større enn \(limit) MiB; lag et mindre utdrag med osmium",
        "fila er større enn \(limit) MiB; lag eit mindre utdrag med osmium",
        "the file is larger than \(limit) MiB; cut the extract smaller with osmium"
      )
    case .invalidJSON(let kind):
      JSONSyntaxMessage(kind: kind, offset: nil).texts
    case .notFeatureCollection:
      ("ikke en GeoJSON FeatureCollection", "ikkje ein GeoJSON FeatureCollection", "not a GeoJSON FeatureCollection")
    case .notFeature:
      ("ikke en GeoJSON Feature", "ikkje ein GeoJSON Feature", "not a GeoJSON Feature")
    case .geometryWithoutType:
      ("en geometri uten type", "ein geometri utan type", "a feature without a geometry type")
    case .withoutCoordinates(let type):
      ("en \(type) uten koordinater", "ein \(type) utan koordinatar", "a \(type) without coordinates")
    case .multiPolygonWithoutPolygons:
      ("en MultiPolygon uten polygoner", "ein MultiPolygon utan polygon", "a MultiPolygon without polygons")
    case .polygonWithoutRings:
      ("en Polygon uten ringer", "ein Polygon utan ringar", "a Polygon without rings")
    case .invalidPosition:
      (
        "en posisjon som ikke er [lengdegrad, breddegrad]", "ein posisjon som ikkje er [lengdegrad, breiddegrad]",
        "a position that is not [longitude, latitude]"
      )
    case .positionOutsideGlobe(let lon, let lat):
      (
        "en posisjon utenfor jordkloden ([\(lon), \(lat)])", "ein posisjon utanfor jordkloten ([\(lon), \(lat)])",
        "a position outside the globe ([\(lon), \(lat)])"
      )
    case .emptyPositions:
      ("en tom liste med posisjoner", "ei tom liste med posisjonar", "an empty list of positions")
    case .other(let text):
      (text, text, text)
    }
  }
}

/// Where in a file an import failed, said in the user's language; ``wireText`` is the English `data.position`.
///
/// A string literal makes ``other(_:)``: English in every language.
public enum ImportPosition: Sendable, Equatable, ExpressibleByStringInterpolation {
  /// A line and column (1-based; columns count characters).
  case lineColumn(line: Int, column: Int)
  /// The `n`th feature (1-based).
  case feature(Int)
  /// Anything else, in English.
  case other(String)

  public init(stringLiteral value: String) { self = .other(value) }

  /// The fragment in `language`.
  public func text(in language: Language) -> String { language.choose(texts) }

  /// The English text sent as `data.position`, e.g. `line 2, column 1`.
  public var wireText: String { texts.2 }

  var texts: (String, String, String) {
    switch self {
    case .lineColumn(let line, let column):
      ("linje \(line), kolonne \(column)", "linje \(line), kolonne \(column)", "line \(line), column \(column)")
    case .feature(let number):
      ("objekt \(number)", "objekt \(number)", "feature \(number)")
    case .other(let text):
      (text, text, text)
    }
  }
}
