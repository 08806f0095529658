import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Geoapify's answers read from the fixtures in `Tests/Fixtures/geoapify/`, including every decoding trap of
/// the API notes (§2): nameless places, mixed-type raw tags, empty lists, polymorphic fields, polygons.
@Suite struct GeoapifyDecodingTests {
  static let restaurants = GeoapifyFixtures.bytes("places-oslo-restaurants.json")
  static let cafes = GeoapifyFixtures.bytes("places-oslo-cafes.json")
  static let hotels = GeoapifyFixtures.bytes("places-oslo-hotels.json")

  /// Feature `index` of the restaurants fixture as a Place Details answer of its own.
  static func restaurantFeatureAsDetails(_ index: Int) throws -> [UInt8] {
    let collection = try JSONParser.parse(restaurants)
    let feature = try #require(collection["features"]?.arrayValue?[index])
    return Array(JSONValue.object(["type": "FeatureCollection", "features": [feature]]).description.utf8)
  }

  static func details(_ place: Place) -> PlaceDetails {
    PlaceDetails(place: place, rating: nil, isFavorite: false)
  }

  // MARK: - Places lists

  @Test(arguments: [
    ("places-oslo-restaurants.json", PlaceCategory.restaurant, 12),
    ("places-oslo-cafes.json", PlaceCategory.cafe, 10),
    ("places-oslo-hotels.json", PlaceCategory.hotel, 6),
  ])
  func everyFeatureOfAPlacesFixtureBecomesAPlace(fixture: String, category: PlaceCategory, count: Int) throws {
    let places = try GeoapifyDecoding.places(from: GeoapifyFixtures.bytes(fixture), requested: category)
    #expect(places.count == count)
    #expect(places.allSatisfy { $0.category == category })
    #expect(places.allSatisfy { $0.source == "geoapify" && $0.location.isValid && !$0.name.isEmpty })
    #expect(places.allSatisfy { $0.detailsJSON == nil })
    #expect(Set(places.map(\.id)).count == count)
  }

  @Test func placesKeepGeoapifysOrderByDistance() throws {
    let places = try GeoapifyDecoding.places(from: Self.restaurants, requested: .restaurant)
    let center = Coordinate.osloCentralStation
    let distances = places.map { $0.location.distance(to: center) }
    #expect(distances == distances.sorted())
    #expect(places.first?.name == "Nudelbaren Jernbanetorget")
    #expect(places.last?.name == "Osteria Hausmann")
  }

  @Test func aNamelessFeatureIsKeptWithItsAddressLineAsName() throws {
    let places = try GeoapifyDecoding.places(from: Self.restaurants, requested: .restaurant)
    let nameless = places[1]
    #expect(nameless.id.hasPrefix("512b2dc83b2c81254059"))
    #expect(nameless.name == "Storgata")
    #expect(nameless.address == "0184 Oslo, Norway")
    #expect(nameless.category == .restaurant)
    #expect(nameless.location == Coordinate(lat: 59.9127384, lon: 10.7522906))
  }

  @Test func aNamelessCafeIsKeptToo() throws {
    let places = try GeoapifyDecoding.places(from: Self.cafes, requested: .cafe)
    #expect(places[1].name == "Skippergata")
    #expect(places.map(\.name).contains("Skippergata"))
  }

  @Test func mixedTypeRawValuesDoNotBreakDecoding() throws {
    // Trattoria Fjordlys: raw "addr:postcode": 155 (a number) while "postcode" is "0155".
    let places = try GeoapifyDecoding.places(from: Self.restaurants, requested: .restaurant)
    let trattoria = places[2]
    #expect(trattoria.name == "Trattoria Fjordlys")
    #expect(trattoria.address == "Dronningens gate 12, 0155 Oslo, Norway")
    #expect(trattoria.cuisine == "italian;pizza")

    let place = try #require(try GeoapifyDecoding.details(from: Self.restaurantFeatureAsDetails(2)))
    let details = Self.details(place)
    #expect(details.phone == "+47 21 09 33 12")
    #expect(details.email == "bord@fjordlys-trattoria.no")
    #expect(details.cuisine == ["italian", "pizza"])
    #expect(details.tags?["addr:postcode"] == .int(155))
    #expect(details.tags?["addr:housenumber"] == .int(12))
    #expect(details.tags?["level"] == .int(0))
  }

  @Test func hotelStarsOfEveryTypeDoNotBreakDecoding() throws {
    let hotels = try GeoapifyDecoding.places(from: Self.hotels, requested: .hotel)
    #expect(
      hotels.map(\.name) == [
        "Perrong Hotell", "Kvartalet Hotel Karl Johan", "Youngs Gjestehotell", "Operakaia Hotel", "Nordlys City Hotel",
        "Grünerhagen Hotel",
      ]
    )
  }

  @Test func emptyDetailsListIsTolerated() throws {
    // The nameless restaurant has "details": [].
    let place = try #require(try GeoapifyDecoding.details(from: Self.restaurantFeatureAsDetails(1)))
    #expect(place.name == "Storgata")
    #expect(Self.details(place).categories == ["catering", "catering.restaurant"])
  }

  @Test(arguments: [PlaceCategory.restaurant, .cafe, .hotel])
  func aFeatureWithEmptyCategoriesGetsTheRequestedCategory(requested: PlaceCategory) throws {
    let bytes = GeoapifyFixtures.bytes("places-oslo-restaurants.json")
    let places = try GeoapifyDecoding.places(from: bytes, requested: requested)
    let spiseriet = try #require(places.first { $0.name == "Spiseriet Youngstorget" })
    #expect(spiseriet.category == requested)
    // Features that name their category keep it.
    #expect(places.first { $0.name == "Trattoria Fjordlys" }?.category == .restaurant)
  }

  @Test func aFeatureWithEmptyCategoriesAndNoRequestedCategoryIsSkipped() throws {
    let places = try GeoapifyDecoding.places(from: Self.restaurants, requested: nil)
    #expect(places.count == 11)
    #expect(!places.map(\.name).contains("Spiseriet Youngstorget"))
  }

  @Test func commercialAsStringAndAsObjectAreBothTolerated() throws {
    let places = try GeoapifyDecoding.places(from: Self.restaurants, requested: .restaurant)
    #expect(places[0].name == "Nudelbaren Jernbanetorget")  // "commercial": "Torgporten Senter"
    #expect(places[10].name == "Grillhjørnet Burger & Bar")  // "commercial": {"type": "restaurant"}
    #expect(places[10].cuisine == "burger;american")
  }

  @Test func unknownFieldsAreIgnored() throws {
    let body = """
      {"type": "FeatureCollection", "generator": {"name": "future"}, "features": [
        {"type": "Feature", "future_member": [1, {"x": null}],
         "properties": {"name": "Ny Kafé", "place_id": "new-1", "lat": 59.91, "lon": 10.75,
           "categories": ["catering.cafe"], "city_block": "Kvadraturen", "iso3166_2_sublevel": "NO-0301",
           "state_COG": "x", "brand_new_field": {"a": [true]},
           "population": {"actual": 3, "by_years": []}, "mappedTo": {"lon": 10.75, "lat": 59.91}},
         "geometry": {"type": "Point", "coordinates": [10.75, 59.91]}}
      ]}
      """
    let places = try GeoapifyDecoding.places(from: Array(body.utf8), requested: .cafe)
    #expect(places.map(\.id) == ["new-1"])
    #expect(places.first?.name == "Ny Kafé")
    #expect(places.first?.category == .cafe)
  }

  @Test func positionComesFromPropertiesEvenForAPolygon() throws {
    let places = try GeoapifyDecoding.places(from: Self.restaurants, requested: .restaurant)
    let bryggehallen = places[3]
    #expect(bryggehallen.id == GeoapifyFixtures.detailsRestaurantID)
    #expect(bryggehallen.location == Coordinate(lat: 59.9085187, lon: 10.7538412))
  }

  @Test func positionComesFromPropertiesWhenThePointDiffersInTheLastDigits() throws {
    let place = try #require(
      try GeoapifyDecoding.details(from: GeoapifyFixtures.bytes("place-details-hotel-pelias.json"))
    )
    #expect(place.location == Coordinate(lat: 59.9163488, lon: 10.756129))
  }

  @Test func aPointGeometryIsTheFallbackWithoutPropertiesLatLon() throws {
    let body = """
      {"type": "FeatureCollection", "features": [{"type": "Feature",
        "properties": {"name": "Uten lat", "place_id": "p", "categories": ["catering.restaurant"]},
        "geometry": {"type": "Point", "coordinates": [10.75, 59.91]}}]}
      """
    let places = try GeoapifyDecoding.places(from: Array(body.utf8), requested: nil)
    #expect(places.first?.location == Coordinate(lat: 59.91, lon: 10.75))
  }

  @Test func anEmptyCollectionIsNoPlaces() throws {
    #expect(try GeoapifyDecoding.places(from: GeoapifyFixtures.bytes("places-empty.json"), requested: .cafe) == [])
  }

  @Test(arguments: ["{\"type\": \"FeatureCollection\", \"features\": [", "<html>502 Bad Gateway</html>", "", "null"])
  func invalidJSONIsUpstreamUnavailable(body: String) {
    let error = failure { () throws(BeaconError) in
      try GeoapifyDecoding.places(from: Array(body.utf8), requested: .cafe)
    }
    #expect(error?.kind == "upstreamUnavailable")
  }

  @Test(arguments: [
    #"{"type": "FeatureCollection"}"#, #"{"features": {"0": {}}}"#, #"[]"#, #"{"results": []}"#,
  ])
  func aBodyWithoutFeaturesIsUpstreamUnavailable(body: String) {
    let places = failure { () throws(BeaconError) in
      try GeoapifyDecoding.places(from: Array(body.utf8), requested: .cafe)
    }
    #expect(places?.kind == "upstreamUnavailable")
    let details = failure { () throws(BeaconError) in try GeoapifyDecoding.details(from: Array(body.utf8)) }
    #expect(details?.kind == "upstreamUnavailable")
  }

  // MARK: - Place details

  @Test func restaurantDetailsReadEveryField() throws {
    let body = GeoapifyFixtures.bytes("place-details-restaurant.json")
    let place = try #require(try GeoapifyDecoding.details(from: body))
    #expect(place.id == GeoapifyFixtures.detailsRestaurantID)
    #expect(place.name == "Bryggehallen Matsal")
    #expect(place.category == .restaurant)
    #expect(place.address == "Operagata 9, 0194 Oslo, Norway")
    #expect(place.location == Coordinate(lat: 59.9085187, lon: 10.7538412))
    #expect(place.detailsJSON != nil)

    let details = Self.details(place)
    #expect(details.phone == "+4723108840")
    #expect(details.email == "post@bryggehallen.no")
    #expect(details.website == "https://www.bryggehallen.no")
    #expect(details.openingHours?.raw == "Tu-Th 16:00-23:00; Fr,Sa 12:00-24:00; Su 12:00-20:00; Mo off")
    #expect(place.openingHours == "Tu-Th 16:00-23:00; Fr,Sa 12:00-24:00; Su 12:00-20:00; Mo off")
    #expect(place.timeZone == "Europe/Oslo")
    #expect(details.cuisine == ["seafood", "regional"])
    #expect(details.timeZone == "Europe/Oslo")
    #expect(details.categories.contains("catering.restaurant.seafood"))
    #expect(details.tags?["osm_id"] == .int(612_345_987))
    #expect(details.tags?["addr:postcode"] == .int(194))
  }

  @Test func restaurantDetailsLinks() throws {
    let body = GeoapifyFixtures.bytes("place-details-restaurant.json")
    let links = Self.details(try #require(try GeoapifyDecoding.details(from: body))).links
    #expect(links.appleMaps.hasPrefix("https://maps.apple.com/?"))
    #expect(links.appleMaps.contains("ll=59.9085187,10.7538412"))
    #expect(links.appleMaps.contains("q=Bryggehallen%20Matsal") || links.appleMaps.contains("q=Bryggehallen+Matsal"))
    #expect(links.geo == "geo:59.9085187,10.7538412")
    #expect(links.openStreetMap == "https://www.openstreetmap.org/way/612345987")
  }

  @Test func anOSMRelationLinksToTheRelationWithoutTheMinus() throws {
    // Kvadraturen Kro: raw osm_type "r", osm_id -15483920.
    let place = try #require(try GeoapifyDecoding.details(from: Self.restaurantFeatureAsDetails(5)))
    #expect(place.name == "Kvadraturen Kro")
    #expect(Self.details(place).links.openStreetMap == "https://www.openstreetmap.org/relation/15483920")
  }

  @Test func peliasDetailsHaveNoOpenStreetMapLinkAndNoTags() throws {
    let body = GeoapifyFixtures.bytes("place-details-hotel-pelias.json")
    let place = try #require(try GeoapifyDecoding.details(from: body))
    #expect(place.name == "Nordlys City Hotel")
    #expect(place.category == .hotel)
    let details = Self.details(place)
    #expect(details.links.openStreetMap == nil)
    #expect(details.links.geo == "geo:59.9163488,10.756129")
    #expect(details.tags == nil)
    #expect(details.phone == "+47 22 98 12 00")
    #expect(details.website == "https://nordlyscityhotel.no")
    #expect(details.timeZone == "Europe/Oslo")
  }

  @Test func minimalCafeDetailsLeaveTheMissingFieldsEmpty() throws {
    let body = GeoapifyFixtures.bytes("place-details-cafe-minimal.json")
    let place = try #require(try GeoapifyDecoding.details(from: body))
    #expect(place.name == "Kaffestua Torggata")
    #expect(place.category == .cafe)
    let details = Self.details(place)
    #expect(details.phone == nil)
    #expect(details.email == nil)
    #expect(details.website == nil)
    #expect(details.openingHours == nil)
    #expect(details.timeZone == nil)
    #expect(details.cuisine == nil)
    #expect(details.categories == ["catering.cafe"])
    #expect(details.links.openStreetMap == "https://www.openstreetmap.org/node/8123409876")
  }

  @Test func theDetailsFeatureIsChosenAmongOtherGroups() throws {
    let body = """
      {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"feature_type": "building", "place_id": "building-1",
          "lat": 59.9, "lon": 10.7, "categories": ["building"]},
         "geometry": {"type": "Point", "coordinates": [10.7, 59.9]}},
        {"type": "Feature", "properties": {"feature_type": "details", "name": "Kafeen", "place_id": "cafe-1",
          "lat": 59.91, "lon": 10.75, "categories": ["catering.cafe"]},
         "geometry": {"type": "Point", "coordinates": [10.75, 59.91]}}
      ]}
      """
    let place = try #require(try GeoapifyDecoding.details(from: Array(body.utf8)))
    #expect(place.id == "cafe-1")
    #expect(place.name == "Kafeen")
  }

  @Test func emptyDetailsAnswerIsNoPlace() throws {
    #expect(try GeoapifyDecoding.details(from: GeoapifyFixtures.bytes("places-empty.json")) == nil)
  }

  // MARK: - Presentation

  @Test func restaurantPresentationRotates360DegreesOnceInOneSecondEaseInOut() {
    let presentation = Presentation.forCategory(.restaurant)
    #expect(presentation.emoji == "🍽")
    #expect(presentation.animation.kind == "rotate")
    #expect(presentation.animation.degrees == 360)
    #expect(presentation.animation.durationSeconds == 1)
    #expect(presentation.animation.timing == "easeInOut")
    #expect(presentation.animation.repeats == false)
  }

  @Test func cafePresentationIsThreeSteamParticlesFadingOutRepeatedly() {
    let presentation = Presentation.forCategory(.cafe)
    #expect(presentation.emoji == "☕")
    #expect(presentation.animation.kind == "steam")
    #expect(presentation.animation.particles == 3)
    #expect(presentation.animation.opacityFrom == 1)
    #expect(presentation.animation.opacityTo == 0)
    #expect(presentation.animation.timing == "easeOut")
    #expect(presentation.animation.repeats == true)
    #expect(presentation.animation.durationSeconds > 0)
  }

  @Test func hotelPresentationBouncesWithASpringFromHalfToFullScale() {
    let presentation = Presentation.forCategory(.hotel)
    #expect(presentation.emoji == "🏨")
    #expect(presentation.animation.kind == "bounce")
    #expect(presentation.animation.timing == "spring")
    #expect(presentation.animation.scaleFrom == 0.5)
    #expect(presentation.animation.scaleTo == 1.0)
    #expect(presentation.animation.repeats == false)
  }

  @Test(arguments: [
    ("place-details-restaurant.json", "🍽"), ("place-details-cafe-minimal.json", "☕"),
    ("place-details-hotel-pelias.json", "🏨"),
  ])
  func detailsCarryThePresentationOfTheirCategory(fixture: String, emoji: String) throws {
    let place = try #require(try GeoapifyDecoding.details(from: GeoapifyFixtures.bytes(fixture)))
    let details = Self.details(place)
    #expect(details.presentation == Presentation.forCategory(place.category))
    #expect(details.presentation.emoji == emoji)
  }

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
