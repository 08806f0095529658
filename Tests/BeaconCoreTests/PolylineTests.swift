import BeaconJSON
import Testing

@testable import BeaconCore

/// The encoded polyline decoder, byte by byte: Google's published example, a precision-6 line computed outside
/// Beacon, and every fault it must name.
@Suite struct PolylineTests {
  /// Google's example from the format's documentation.
  static let google = "_p~iF~ps|U_ulLnnqC_mqNvxq`@"
  static let googlePoints = [
    Coordinate(lat: 38.5, lon: -120.2), Coordinate(lat: 40.7, lon: -120.95), Coordinate(lat: 43.252, lon: -126.453),
  ]

  @Test func googlesExampleDecodesAtPrecisionFiveAndEncodesBackByteForByte() throws {
    let points = try Polyline.decode(Self.google)
    #expect(points.count == 3)
    for (found, expected) in zip(points, Self.googlePoints) {
      #expect(abs(found.lat - expected.lat) < 1e-9 && abs(found.lon - expected.lon) < 1e-9, "\(found)")
    }
    #expect(Array(Polyline.encode(Self.googlePoints).utf8) == Array(Self.google.utf8))
  }

  @Test func precisionSixIsReadInMillionths() throws {
    // Computed with a separate Python encoder from (60.171320, 24.941457) and (60.166500, 24.938400).
    let text = "obqwqBaxhqn@flH`~D"
    let points = try Polyline.decode(text, precision: 6)
    #expect(points == [Coordinate(lat: 60.17132, lon: 24.941457), Coordinate(lat: 60.1665, lon: 24.9384)])
    #expect(Polyline.encode(points, precision: 6) == text)
    // Read at precision 5, the same text is ten times farther out: off the Earth.
    #expect(throws: RouteMessage.invalidPosition(index: 0)) { try Polyline.decode(text, precision: 5) }
  }

  @Test func singleCharactersAreTheSmallestSteps() throws {
    // `?` is 0, `A` is +1 step (zigzag 2), `@` is −1 step (zigzag 1).
    #expect(try Polyline.decode("??") == [Coordinate(lat: 0, lon: 0)])
    #expect(try Polyline.decode("A@") == [Coordinate(lat: 0.00001, lon: -0.00001)])
    #expect(try Polyline.decode("A@", precision: 6) == [Coordinate(lat: 0.000001, lon: -0.000001)])
  }

  @Test func aCharacterOutsideTheAlphabetIsNamedWithItsPosition() {
    #expect(throws: RouteMessage.invalidCharacter(character: " ", position: 5)) {
      try Polyline.decode("_p~i F~ps|U")
    }
    #expect(throws: RouteMessage.invalidCharacter(character: ">", position: 1)) { try Polyline.decode(">?") }
    #expect(throws: RouteMessage.invalidCharacter(character: "ø", position: 3)) { try Polyline.decode("??ø?") }
  }

  @Test func aValueCutShortOrAnOddCountOrAnOverlongValueIsRefused() {
    // `_p~i` leaves the first value open: each of its characters says more follows.
    #expect(throws: RouteMessage.truncated(length: 4)) { try Polyline.decode("_p~i") }
    #expect(throws: RouteMessage.truncated(length: 26)) { try Polyline.decode(String(Self.google.dropLast())) }
    // Three values: a latitude without its longitude.
    #expect(throws: RouteMessage.oddValueCount(3)) { try Polyline.decode("_p~iF~ps|U_ulL") }
    #expect(throws: RouteMessage.valueTooLong(position: 8)) { try Polyline.decode("~~~~~~~~?") }
  }

  @Test func onlyPrecisionsFiveAndSixAreRead() {
    #expect(throws: RouteMessage.invalidPrecision(7)) { try Polyline.decode(Self.google, precision: 7) }
  }

  @Test func aRouteNeedsTwoPositions() throws {
    #expect(throws: RouteMessage.tooFewPositions(1)) { try RouteLine(json: ["polyline": "??"]) }
    #expect(throws: RouteMessage.tooFewPositions(0)) { try RouteLine(json: ["polyline": ""]) }
    #expect(try RouteLine(json: ["polyline": .string(Self.google)]).positions.count == 3)
    #expect(try RouteLine(json: ["polyline": "obqwqBaxhqn@flH`~D", "precision": 6]).positions.count == 2)
  }

  @Test func aLineStringWithBadCoordinatesNamesThePosition() {
    func line(_ coordinates: JSONValue) -> JSONValue { ["type": "LineString", "coordinates": coordinates] }
    #expect(throws: RouteMessage.invalidPosition(index: 1)) { try RouteLine(json: line([[24.9, 60.1], [200, 60]])) }
    #expect(throws: RouteMessage.invalidPosition(index: 1)) { try RouteLine(json: line([[24.9, 60.1], [24.9, 95]])) }
    #expect(throws: RouteMessage.invalidPosition(index: 0)) { try RouteLine(json: line([["a", 60.1], [24.9, 60]])) }
    #expect(throws: RouteMessage.invalidPosition(index: 1)) { try RouteLine(json: line([[24.9, 60.1], [24.9]])) }
    #expect(throws: RouteMessage.tooFewPositions(1)) { try RouteLine(json: line([[24.9, 60.1]])) }
    #expect(throws: RouteMessage.invalidShape) { try RouteLine(json: ["type": "Point", "coordinates": [24.9, 60.1]]) }
    #expect(throws: RouteMessage.invalidShape) { try RouteLine(json: ["polyline": 5]) }
    #expect(throws: RouteMessage.invalidShape) { try RouteLine(json: "LINESTRING(0 0, 1 1)") }
  }

  @Test func theMessagesAreLocalized() {
    let message = LocalizedMessage.route(.invalidCharacter(character: " ", position: 5))
    #expect(message.text(in: .nb) == "Polylinjen har et ugyldig tegn ' ' på plass 5; bare ASCII fra ? til ~ er tillatt")
    #expect(
      message.text(in: .nn) == "Polylinja har eit ugyldig teikn ' ' på plass 5; berre ASCII frå ? til ~ er tillate"
    )
    #expect(
      message.text(in: .en) == "The polyline has an invalid character ' ' at position 5; only ASCII ? to ~ is allowed"
    )
  }
}
