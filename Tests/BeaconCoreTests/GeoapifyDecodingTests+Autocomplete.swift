import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Autocomplete, IP geolocation and error bodies.
extension GeoapifyDecodingTests {
  // MARK: - Autocomplete

  @Test func geoJSONAutocompleteKeepsEverySuggestionInRankOrder() throws {
    let suggestions = try GeoapifyDecoding.suggestions(from: GeoapifyFixtures.bytes("autocomplete-oslo-geojson.json"))
    #expect(
      suggestions.map(\.name) == [
        "Fiskehallen Vippetangen", "Fiskebasaren Grønland", "Fiskerveien", "Fiskevollen", "Fiskum",
      ]
    )
    #expect(suggestions.map(\.kind) == ["amenity", "amenity", "street", "suburb", "city"])
    #expect(suggestions.map(\.distanceMeters) == [889, 641, 4664, 6855, 53507])
    let first = try #require(suggestions.first)
    #expect(first.location == Coordinate(lat: 59.9043176, lon: 10.7418652))
    #expect(first.address == "Fiskehallen Vippetangen, Akershusstranda 25, 0150 Oslo, Norway")
    #expect(first.id?.hasPrefix("51bc1468c1d57b2540593e99") == true)
  }

  @Test func theNamelessStreetSuggestionIsNamedByItsAddressLine() throws {
    let suggestions = try GeoapifyDecoding.suggestions(from: GeoapifyFixtures.bytes("autocomplete-oslo-geojson.json"))
    let street = try #require(suggestions.count == 5 ? suggestions[2] : nil)
    #expect(street.name == "Fiskerveien")
    #expect(street.kind == "street")
    #expect(street.location == Coordinate(lat: 59.8704913, lon: 10.7712347))
  }

  @Test func emptyAutocompleteIsNoSuggestions() throws {
    #expect(try GeoapifyDecoding.suggestions(from: GeoapifyFixtures.bytes("autocomplete-empty.json")) == [])
  }

  @Test func jsonFormatAutocompleteReadsTheResultsArray() throws {
    let body = """
      {"results": [
        {"name": "Fiskehallen", "formatted": "Fiskehallen, Akershusstranda 25, 0150 Oslo, Norway",
         "address_line1": "Fiskehallen", "address_line2": "Akershusstranda 25, 0150 Oslo, Norway",
         "lat": 59.9043176, "lon": 10.7418652, "result_type": "amenity", "category": "catering.restaurant",
         "distance": 888.4, "place_id": "abc", "bbox": {"lon1": 10.74, "lat1": 59.90, "lon2": 10.75, "lat2": 59.91},
         "rank": {"importance": 0.2, "match_type": "full_match"}},
        {"address_line1": "Fiskerveien", "address_line2": "1169 Oslo, Norway", "lat": 59.8704913, "lon": 10.7712347,
         "result_type": "street"},
        {"name": "Uten posisjon", "result_type": "amenity"}
      ], "query": {"text": "fisk", "parsed": {"city": "fisk", "expected_type": "unknown"}}}
      """
    let suggestions = try GeoapifyDecoding.suggestions(from: Array(body.utf8))
    #expect(suggestions.map(\.name) == ["Fiskehallen", "Fiskerveien"])
    #expect(suggestions[0].id == "abc")
    #expect(suggestions[0].distanceMeters == 888)
    #expect(suggestions[0].kind == "amenity")
    #expect(suggestions[0].address == "Fiskehallen, Akershusstranda 25, 0150 Oslo, Norway")
    #expect(suggestions[1].id == nil)
    #expect(suggestions[1].distanceMeters == nil)
    #expect(suggestions[1].address == "1169 Oslo, Norway")
  }

  @Test func autocompleteWithoutFeaturesOrResultsIsUpstreamUnavailable() {
    let error = failure { () throws(BeaconError) in
      try GeoapifyDecoding.suggestions(from: Array(#"{"query": {"text": "x"}}"#.utf8))
    }
    #expect(error?.kind == "upstreamUnavailable")
  }

  // MARK: - IP geolocation

  @Test func ipInfoGivesLocationAndCity() throws {
    let (location, city) = try GeoapifyDecoding.ipLocation(from: GeoapifyFixtures.bytes("ipinfo-oslo.json"))
    #expect(location == Coordinate(lat: 59.9127, lon: 10.7461))
    #expect(city == "Oslo")
  }

  @Test func ipInfoWithoutLocationIsUpstreamUnavailable() {
    let error = failure { () throws(BeaconError) in
      try GeoapifyDecoding.ipLocation(from: Array(#"{"ip": "203.0.113.7", "city": {"name": "Oslo"}}"#.utf8))
    }
    #expect(error?.kind == "upstreamUnavailable")
  }

  // MARK: - Error bodies

  @Test(arguments: [
    ("error-400.json", "\"limit\" must be less than or equal to 500"),
    ("error-401.json", "Invalid apiKey"),
    ("error-429.json", "Quota exceeded"),
    ("error-500.json", "Request failed, please try again later"),
  ])
  func errorMessageIsGeoapifysMessage(fixture: String, message: String) {
    #expect(GeoapifyDecoding.errorMessage(GeoapifyFixtures.bytes(fixture)) == message)
  }

  @Test func errorMessageFallsBackToErrorThenToTheRawText() {
    #expect(GeoapifyDecoding.errorMessage(Array(#"{"statusCode": 400, "error": "Bad Request"}"#.utf8)) == "Bad Request")
    #expect(GeoapifyDecoding.errorMessage(Array(#"{"message": "", "error": "Bad Request"}"#.utf8)) == "Bad Request")
    #expect(GeoapifyDecoding.errorMessage(Array("Invalid Place ID".utf8)) == "Invalid Place ID")
    let long = String(repeating: "x", count: 500)
    #expect(GeoapifyDecoding.errorMessage(Array(long.utf8)).count == 200)
  }
}
