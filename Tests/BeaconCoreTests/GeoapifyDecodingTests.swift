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
    // Features none of which has properties: a broken answer (which is not cached), not "no places".
    #"{"features": [null, {}, {"properties": "x"}]}"#, #"{"features": [1, "a", []]}"#,
  ])
  func aBodyWithoutFeaturesIsUpstreamUnavailable(body: String) {
    let places = failure { () throws(BeaconError) in
      try GeoapifyDecoding.places(from: Array(body.utf8), requested: .cafe)
    }
    #expect(places?.kind == "upstreamUnavailable")
    let details = failure { () throws(BeaconError) in try GeoapifyDecoding.details(from: Array(body.utf8)) }
    #expect(details?.kind == "upstreamUnavailable")
  }

  @Test func oneFeatureWithPropertiesAmongBrokenOnesIsAnAnswer() throws {
    let body =
      #"{"features": [null, {"properties": {"name": "Kafé", "categories": ["catering.cafe"], "lat": 59.91, "#
      + #""lon": 10.75, "place_id": "p1"}}]}"#
    #expect(try GeoapifyDecoding.places(from: Array(body.utf8), requested: .cafe).map(\.id) == ["p1"])
  }

  @Test(arguments: [" \n\t ", "\u{2003}\r\n"])
  func aNameOfBlanksAndLineBreaksIsNoName(_ name: String) throws {
    let properties: JSONValue = [
      "name": .string(name), "address_line1": "Storgata 1", "address_line2": " 0184 Oslo\n",
      "categories": ["catering.cafe"],
      "lat": 59.91, "lon": 10.75, "place_id": "p1",
    ]
    let body = JSONWriter.serialize(["features": [["properties": properties]]])
    let place = try #require(try GeoapifyDecoding.places(from: body, requested: .cafe).first)
    #expect(place.name == "Storgata 1")
    #expect(place.address == "0184 Oslo")
  }
}
