import BeaconCore
import JSONRPC
import Testing

@testable import BeaconServer

/// Filter params of `places/search` and `favorites/list` over JSON-RPC: bad values are -32602 in the session's
/// language, naming the parameter and its valid values.
@Suite struct FilterMethodTests {
  static func failure(_ method: String, _ params: JSONValue, language: Language) async throws -> ResponseError? {
    let client = InProcessClient(options: .inMemory(flags: BeaconOptions(offline: true)))
    _ = try await client.send(InitializeRequest(locale: language.rawValue))
    guard case .failure(let error) = await client.call(method, params: params) else { return nil }
    return error
  }

  @Test(arguments: [
    (
      Language.nb,
      "'pasta' er ikke en gyldig verdi for 'diet'; gyldige verdier: vegan, vegetarian, gluten_free, halal, kosher"
    ),
    (
      .nn,
      "'pasta' er ikkje ein gyldig verdi for 'diet'; gyldige verdiar: vegan, vegetarian, gluten_free, halal, kosher"
    ),
    (.en, "'pasta' is not a valid value for 'diet'; valid values: vegan, vegetarian, gluten_free, halal, kosher"),
  ])
  func anUnknownDietNamesTheParameterAndTheValidValues(language: Language, expected: String) async throws {
    for method in ["places/search", "favorites/list"] {
      let error = try #require(try await Self.failure(method, ["diet": ["vegan", "pasta"]], language: language))
      #expect(error.code == .invalidParams)
      #expect(error.message == expected, "\(method)")
      #expect(error.data?["field"] == "diet")
    }
  }

  @Test func everyFilterIsChecked() async throws {
    let cases: [(JSONValue, String, String)] = [
      (["wheelchair": "no"], "wheelchair", "valid values: yes, limited"),
      (["cuisine": ["Pizza!"]], "cuisine", "'Pizza!' is not a valid value for 'cuisine'"),
      (["openAt": "2026-11-25T19:00+01:00"], "openAt", "such as 2026-11-25T19:00"),
      (["openAt": "2026-02-30T19:00"], "openAt", "'2026-02-30T19:00' is not a valid time"),
      (["openFor": 0], "openFor", "'openFor' must be 1 to 1440, not 0"),
      (["minRating": 5.5], "minRating", "'minRating' must be 1 to 5, not 5.5"),
    ]
    for (params, field, text) in cases {
      let error = try #require(try await Self.failure("places/search", params, language: .en), "\(params)")
      #expect(error.code == .invalidParams)
      #expect(error.data?["field"] == .string(field), "\(params)")
      #expect(error.message.contains(text), "\(error.message)")
    }
  }

  /// Every parameter of a fixed list of values (a string enum) names them when the value is none of them, in the
  /// session's language, and `data` carries the value and the list; no Swift type name reaches the client.
  @Test func aValueOutsideAFixedListNamesTheValidValues() async throws {
    let cases: [(String, JSONValue, String, [String])] = [
      ("places/search", ["category": "bar"], "category", ["restaurant", "cafe", "hotel"]),
      ("places/search", ["sort": "nearest"], "sort", ["distance", "rating", "name", "best"]),
      ("places/search", ["scope": "mine"], "scope", ["all", "favorites"]),
      ("favorites/list", ["category": "pub"], "category", ["restaurant", "cafe", "hotel"]),
      ("settings/update", ["locale": "de"], "locale", ["nb", "nn", "en"]),
    ]
    for (method, params, field, valid) in cases {
      let value = params[field]?.stringValue ?? ""
      let english = try #require(try await Self.failure(method, params, language: .en), "\(method) \(params)")
      #expect(english.code == .invalidParams)
      #expect(english.data?["field"] == .string(field))
      #expect(english.data?["value"] == .string(value))
      #expect(english.data?["valid"] == .array(valid.map(JSONValue.string)))
      let list = valid.joined(separator: ", ")
      #expect(english.message == "'\(value)' is not a valid value for '\(field)'; valid values: \(list)")
      #expect(english.data?["detail"] == .string("'\(value)' is not a valid value; valid values: \(list)"))
      let nynorsk = try #require(try await Self.failure(method, params, language: .nn))
      #expect(nynorsk.message == "'\(value)' er ikkje ein gyldig verdi for '\(field)'; gyldige verdiar: \(list)")
    }
  }

  @Test func theFactsAndTheCountsComeBackOverTheWire() async throws {
    let client = InProcessClient(options: .inMemory(flags: BeaconOptions(offline: true)))
    _ = try await client.send(InitializeRequest(locale: "en"))
    let result = try await client.call(
      "places/search",
      params: ["center": ["lat": 60.1713198, "lon": 24.9414566], "category": "cafe", "diet": ["vegan"], "limit": 100]
    ).get()
    let places = result["places"]?.arrayValue ?? []
    #expect(places.count == 3)
    #expect(places.allSatisfy { $0["diet"]?.arrayValue?.contains("vegan") == true })
    #expect(result["excludedUnknown"] == ["diet": 82])
    let plain = try await client.call("places/search", params: ["category": "cafe"]).get()
    #expect(plain["excludedUnknown"] == nil, "no filters, no counts")
  }

  /// The filters are declared once (`PlaceFilterParams`) but stand flat beside each method's own params, both ways.
  @Test func theFiltersAreFlatParamsOfEachMethod() throws {
    let filter = PlaceFilterParams(diet: ["vegan"], wheelchair: "yes", openFor: 30, minRating: 4.5)
    let flat: JSONValue = ["diet": ["vegan"], "wheelchair": "yes", "openFor": 30, "minRating": 4.5]
    let encoder = JSONValueEncoder()
    let decoder = JSONValueDecoder()

    let search = SearchPlacesRequest(.init(category: .cafe, limit: 3), filter: filter)
    let searchParams = try encoder.encode(search)
    #expect(searchParams == flat.merging(["category": "cafe", "limit": 3]))
    #expect(try decoder.decode(SearchPlacesRequest.self, from: searchParams) == search)

    let favorites = ListFavoritesRequest(.init(openNow: true), filter: filter)
    let favoritesParams = try encoder.encode(favorites)
    #expect(favoritesParams == flat.merging(["openNow": true]))
    #expect(try decoder.decode(ListFavoritesRequest.self, from: favoritesParams) == favorites)

    let route = SearchAlongRouteRequest(.init(route: ["polyline": "_p~iF~ps|U"], corridorMeters: 200), filter: filter)
    let routeParams = try encoder.encode(route)
    #expect(routeParams == flat.merging(["route": ["polyline": "_p~iF~ps|U"], "corridorMeters": 200]))
    #expect(try decoder.decode(SearchAlongRouteRequest.self, from: routeParams) == route)
    #expect(try decoder.decode(SearchAlongRouteRequest.self, from: routeParams).filters().minRating == 4.5)
  }
}

extension JSONValue {
  /// This object with `other`'s members added.
  fileprivate func merging(_ other: JSONValue) -> JSONValue {
    .object((objectValue ?? [:]).merging(other.objectValue ?? [:]) { _, new in new })
  }
}
