import BeaconCore
import JSONRPC
import Testing

@testable import BeaconServer

/// `places/searchAlongRoute` over JSON-RPC: an invalid route or corridor is -32602 in the session's language,
/// naming `route` and what is wrong; a valid one answers in route order.
@Suite struct RouteMethodTests {
  static let walk: JSONValue = ["type": "LineString", "coordinates": [[24.9414, 60.1713], [24.9440, 60.1675]]]

  @Test(arguments: [
    (Language.nb, "Polylinjen har et ugyldig tegn ' ' på plass 3; bare ASCII fra ? til ~ er tillatt"),
    (.nn, "Polylinja har eit ugyldig teikn ' ' på plass 3; berre ASCII frå ? til ~ er tillate"),
    (.en, "The polyline has an invalid character ' ' at position 3; only ASCII ? to ~ is allowed"),
  ])
  func aBadPolylineCharacterIsNamedInTheSessionsLanguage(language: Language, expected: String) async throws {
    let error = try #require(
      try await FilterMethodTests.failure(
        "places/searchAlongRoute",
        ["route": ["polyline": "_p iF~ps|U"]],
        language: language
      )
    )
    #expect(error.code == .invalidParams)
    #expect(error.message == expected)
    #expect(error.data?["field"] == "route")
  }

  @Test func everyFaultOfARouteIsNamed() async throws {
    let cases: [(JSONValue, String, String)] = [
      (["route": ["polyline": "_p~iF~ps|U_ulL"]], "route", "The polyline holds 3 values, an odd number"),
      (["route": ["polyline": "_p~i"]], "route", "ends in the middle of a value (after 4 characters)"),
      (["route": ["polyline": "_p~iF~ps|U", "precision": 7]], "route", "'precision' must be 5 or 6, not 7"),
      (["route": ["polyline": "_p~iF~ps|U"]], "route", "A route needs at least 2 positions, but has 1"),
      (
        ["route": ["type": "LineString", "coordinates": [[24.9, 60.1], [24.9, 91]]]], "route", "Position 1 of the route"
      ),
      (["route": ["type": "Point", "coordinates": [24.9, 60.1]]], "route", "'route' must be a GeoJSON LineString"),
      (["route": Self.walk, "corridorMeters": 49], "corridorMeters", "'corridorMeters' must be 50 to 2000, not 49"),
      (["route": Self.walk, "corridorMeters": 2001], "corridorMeters", "not 2001"),
      (["route": Self.walk, "diet": ["pasta"]], "diet", "'pasta' is not a valid value for 'diet'"),
    ]
    for (params, field, text) in cases {
      let error = try #require(
        try await FilterMethodTests.failure("places/searchAlongRoute", params, language: .en),
        "\(params)"
      )
      #expect(error.code == .invalidParams)
      #expect(error.data?["field"] == .string(field), "\(params)")
      #expect(error.message.contains(text), "\(error.message)")
    }
  }

  @Test func aWalkThroughHelsinkiAnswersInRouteOrderWithEachPlacesPosition() async throws {
    let client = InProcessClient(options: .inMemory(flags: BeaconOptions(offline: true)))
    _ = try await client.send(InitializeRequest(locale: "en"))
    let result = try await client.call(
      "places/searchAlongRoute",
      params: ["route": Self.walk, "corridorMeters": 100, "category": "cafe", "limit": 100]
    ).get()
    let places = try #require(result["places"]?.arrayValue)
    #expect(places.count >= 3)
    let alongs = places.compactMap { $0["alongRouteMeters"]?.intValue }
    #expect(alongs.count == places.count && alongs == alongs.sorted())
    #expect(places.allSatisfy { ($0["detourMeters"]?.intValue ?? .max) <= 100 })
    #expect(result["corridorMeters"] == 100 && result["source"] == "offline" && result["upstreamQueries"] == 0)
  }
}
