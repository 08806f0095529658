import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Place Details answers and the presentation read from them.
extension GeoapifyDecodingTests {
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
}
