import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// `OSMImporter`: OpenStreetMap GeoJSON from `osmium export` and Overpass into places.
@Suite struct OSMImporterTests {
  let directory = TemporaryDirectory()

  /// Writes `text` to a file of the test's own and parses what is read back from it.
  func importFile(_ text: String, name: String = "extract.geojson") throws -> OSMImporter.Parsed {
    let path = directory.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    return try OSMImporter.parse(bytes, file: name)
  }

  /// A FeatureCollection of `features` (each a JSON object text).
  static func collection(_ features: String...) -> String {
    #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}"
  }

  /// An osmium-style point feature.
  static func node(_ id: Int, _ properties: String, lon: Double = 10.75, lat: Double = 59.91) -> String {
    #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"#
      + #""properties":{"@type":"node","@id":\#(id),\#(properties)}}"#
  }

  /// The error `body` throws, or `nil` (recorded as an issue) when it does not throw.
  static func importError(_ body: () throws -> OSMImporter.Parsed) -> BeaconError? {
    do {
      let parsed = try body()
      Issue.record("expected importFailed, parsed \(parsed)")
      return nil
    } catch let error as BeaconError {
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }

  static func expectClose(_ a: Coordinate?, _ b: Coordinate, tolerance: Double = 1e-9, line: Int = #line) {
    guard let a else {
      Issue.record("no coordinate (line \(line))")
      return
    }
    #expect(abs(a.lat - b.lat) < tolerance, "lat \(a.lat) vs \(b.lat) (line \(line))")
    #expect(abs(a.lon - b.lon) < tolerance, "lon \(a.lon) vs \(b.lon) (line \(line))")
  }

  // MARK: - Geometry and identity

  @Test func nodesBecomePlacesWithOSMIDs() throws {
    let parsed = try importFile(
      Self.collection(
        Self.node(1, #""amenity":"restaurant","name":"Fiskeriet""#, lon: 10.749, lat: 59.9135),
        Self.node(2, #""amenity":"cafe","name":"Tim Wendelboe""#, lon: 10.7563, lat: 59.9233),
        Self.node(3, #""tourism":"hotel","name":"Thon Hotel Opera""#, lon: 10.7522, lat: 59.9087)
      )
    )
    #expect(parsed.places.map(\.id) == ["osm:node/1", "osm:node/2", "osm:node/3"])
    #expect(parsed.places.map(\.name) == ["Fiskeriet", "Tim Wendelboe", "Thon Hotel Opera"])
    #expect(parsed.places.map(\.category) == [.restaurant, .cafe, .hotel])
    #expect(parsed.places.allSatisfy { $0.source == "osm" })
    #expect(parsed.skipped.isEmpty)
    Self.expectClose(parsed.places.first?.location, Coordinate(lat: 59.9135, lon: 10.749))
  }

  @Test func aWayPolygonBecomesItsCentroid() throws {
    let square = "[[10.0,60.0],[10.002,60.0],[10.002,60.002],[10.0,60.002],[10.0,60.0]]"
    let parsed = try importFile(
      Self.collection(
        #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[\#(square)]},"#
          + #""properties":{"@type":"way","@id":7,"amenity":"restaurant","name":"Firkanten"}}"#
      )
    )
    let place = try #require(parsed.places.first)
    #expect(place.id == "osm:way/7")
    Self.expectClose(place.location, Coordinate(lat: 60.001, lon: 10.001))
  }

  @Test func theCentroidOfASmallBuildingIsInsideIt() throws {
    // About 6 × 6 m in central Helsinki: the centroid must not drift by the rounding of large products.
    let (lon, lat) = (24.9414566, 60.1713198)
    let (dx, dy) = (0.0001, 0.00005)
    let ring = [(lon, lat), (lon + dx, lat), (lon + dx, lat + dy), (lon, lat + dy), (lon, lat)]
      .map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
    let parsed = try importFile(
      Self.collection(
        #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[\#(ring)]]},"#
          + #""properties":{"@type":"way","@id":8,"amenity":"cafe","name":"Kiosken"}}"#
      )
    )
    let place = try #require(parsed.places.first)
    Self.expectClose(place.location, Coordinate(lat: lat + dy / 2, lon: lon + dx / 2))
  }

  /// A closed way that crosses itself (a five-pointed scribble of two lobes of opposite sign whose areas nearly
  /// cancel): it was placed at latitude 7 633°. Now at the mean of its ring's positions (the first one twice, as the
  /// ring closes on it), within them.
  @Test func aRingThatCrossesItselfStaysWithinItsCorners() throws {
    let corners = [
      (10.9890534, 59.3329557), (12.0422415, 61.9577043), (14.3999574, 58.1739567), (8.4806400, 61.8963997),
      (7.4614654, 61.2087333),
    ]
    let ring = (corners + [corners[0]]).map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
    let parsed = try importFile(
      Self.collection(
        Self.feature(1, #"{"type":"LineString","coordinates":[\#(ring)]}"#),
        Self.feature(2, #"{"type":"Polygon","coordinates":[[\#(ring)]]}"#)
      )
    )
    #expect(parsed.places.count == 2)
    let closed = corners + [corners[0]]
    let mean = Coordinate(lat: closed.map(\.1).reduce(0, +) / 6, lon: closed.map(\.0).reduce(0, +) / 6)
    for place in parsed.places {
      #expect(place.location.isValid)
      Self.expectClose(place.location, mean)
    }
  }

  @Test func aWayLineStringBecomesTheMeanOfItsPositions() throws {
    let parsed = try importFile(
      Self.collection(
        #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[10.0,60.0],[10.004,60.002]]},"#
          + #""properties":{"@type":"way","@id":9,"amenity":"cafe","name":"Langbordet"}}"#
      )
    )
    let place = try #require(parsed.places.first)
    #expect(place.id == "osm:way/9")
    Self.expectClose(place.location, Coordinate(lat: 60.001, lon: 10.002))
  }

  @Test func aRelationMultiPolygonBecomesTheAreaWeightedCentroid() throws {
    // A 0.002° square (area 4e-6) and a 0.001° square (area 1e-6): weights 4 : 1, not the plain mean.
    let big = "[[[10.0,60.0],[10.002,60.0],[10.002,60.002],[10.0,60.002],[10.0,60.0]]]"
    let small = "[[[10.01,60.0],[10.011,60.0],[10.011,60.001],[10.01,60.001],[10.01,60.0]]]"
    let parsed = try importFile(
      Self.collection(
        #"{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[\#(big),\#(small)]},"#
          + #""properties":{"@type":"relation","@id":11,"tourism":"hotel","name":"Hotell Tvilling"}}"#
      )
    )
    let place = try #require(parsed.places.first)
    #expect(place.id == "osm:relation/11")
    #expect(place.category == .hotel)
    let expected = Coordinate(lat: (60.001 * 4 + 60.0005) / 5, lon: (10.001 * 4 + 10.0105) / 5)
    Self.expectClose(place.location, expected)
  }

  /// One feature of `geometry` (a GeoJSON geometry text), a restaurant of its own id.
  static func feature(_ id: Int, _ geometry: String) -> String {
    #"{"type":"Feature","geometry":\#(geometry),"properties":{"@type":"way","@id":\#(id),"#
      + #""amenity":"restaurant","name":"Sted \#(id)"}}"#
  }

  @Test func anAreaAcrossTheAntimeridianIsAtItsCentreNotAcrossTheGlobe() throws {
    // Fiji's Taveuni lies on 180°: a square from 179.998° east to 179.998° west, and the same area split at the
    // antimeridian into two halves (RFC 7946 3.1.9), and a line across it. The old centroids were near 0°.
    let square = "[[179.998,-16.8],[-179.998,-16.8],[-179.998,-16.796],[179.998,-16.796],[179.998,-16.8]]"
    let east = "[[[179.998,-16.8],[180,-16.8],[180,-16.796],[179.998,-16.796],[179.998,-16.8]]]"
    let west = "[[[-180,-16.8],[-179.996,-16.8],[-179.996,-16.796],[-180,-16.796],[-180,-16.8]]]"
    let parsed = try importFile(
      Self.collection(
        Self.feature(1, #"{"type":"Polygon","coordinates":[\#(square)]}"#),
        Self.feature(2, #"{"type":"MultiPolygon","coordinates":[\#(east),\#(west)]}"#),
        Self.feature(3, #"{"type":"LineString","coordinates":[[179.997,-16.8],[-179.999,-16.8]]}"#)
      )
    )
    #expect(parsed.places.count == 3)
    for place in parsed.places {
      // 180° and -180° are the same meridian.
      let fromMeridian = 180 - abs(place.location.lon)
      let expected = place.id == "osm:way/1" ? 0 : 0.001
      #expect(abs(fromMeridian - expected) < 1e-9, "\(place.id) at \(place.location.lon)")
      #expect(place.location.isValid)
    }
    #expect(parsed.places[1].location.lon < 0, "the larger half, west of the antimeridian")
    #expect(parsed.places[2].location.lon > 0)
    #expect(abs(parsed.places[0].location.lat + 16.798) < 1e-9)
  }

  @Test func anIDWrittenAsTextIsStillTheOSMID() throws {
    let parsed = try importFile(
      Self.collection(
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"#
          + #""properties":{"@type":"node","@id":"123","amenity":"cafe","name":"Tekst-id"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.76,59.91]},"#
          + #""properties":{"type":"way","id":"124","amenity":"cafe","name":"Tekst-id to"}}"#
      )
    )
    #expect(parsed.places.map(\.id) == ["osm:node/123", "osm:way/124"])
  }

  @Test func overpassFeaturesWithNestedTagsAndAFeatureID() throws {
    let parsed = try importFile(
      Self.collection(
        #"{"type":"Feature","id":"way/42","geometry":{"type":"Point","coordinates":[10.75,59.91]},"#
          + #""properties":{"type":"way","id":42,"tags":{"amenity":"restaurant","name":"Overpass Bistro","#
          + #""cuisine":"italian;pizza"}}}"#,
        #"{"type":"Feature","id":"node/43","geometry":{"type":"Point","coordinates":[10.76,59.92]},"#
          + #""properties":{"@id":"node/43","amenity":"cafe","name":"Flat Café"}}"#
      )
    )
    #expect(parsed.places.map(\.id) == ["osm:way/42", "osm:node/43"])
    #expect(parsed.places.map(\.name) == ["Overpass Bistro", "Flat Café"])
    #expect(parsed.places.map(\.category) == [.restaurant, .cafe])
    #expect(parsed.places.first?.cuisine == "italian;pizza")
    let details = PlaceDetails(place: try #require(parsed.places.first), rating: nil, isFavorite: false)
    #expect(details.links.openStreetMap == "https://www.openstreetmap.org/way/42")
    #expect(details.cuisine == ["italian", "pizza"])
  }

  @Test func osmiumTypeAndIDInEveryShortAndLongForm() throws {
    let parsed = try importFile(
      Self.collection(
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"#
          + #""properties":{"@type":"n","@id":5,"amenity":"cafe","name":"Kort"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"#
          + #""properties":{"@type":"relation","@id":6,"amenity":"cafe","name":"Lang"}}"#
      )
    )
    #expect(parsed.places.map(\.id) == ["osm:node/5", "osm:relation/6"])
    let links = parsed.places.map { PlaceDetails(place: $0, rating: nil, isFavorite: false).links.openStreetMap }
    #expect(links == ["https://www.openstreetmap.org/node/5", "https://www.openstreetmap.org/relation/6"])
  }

  // MARK: - Skipped features

  @Test func skippedFeaturesAreCountedByReason() throws {
    let parsed = try importFile(
      Self.collection(
        Self.node(1, #""amenity":"cafe""#),
        Self.node(2, #""amenity":"restaurant","name":"   ""#),
        Self.node(3, #""amenity":"bar","name":"Bar Boca""#),
        Self.node(4, #""shop":"bakery","name":"Åpent Bakeri""#),
        Self.node(5, #""tourism":"hostel","name":"Anker Hostel""#),
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"#
          + #""properties":{"amenity":"cafe","name":"Uten id"}}"#,
        #"{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[]},"#
          + #""properties":{"@type":"node","@id":7,"amenity":"cafe","name":"Samling"}}"#,
        // RFC 7946 3.2: a feature without a location has a null geometry.
        #"{"type":"Feature","geometry":null,"properties":{"@type":"node","@id":9,"amenity":"cafe","name":"Ingensteds"}}"#,
        Self.node(8, #""amenity":"cafe","name":"Beholdt""#)
      )
    )
    // The feature without an id is kept with an id from its content (OSMImportFormatsTests).
    #expect(parsed.places.map(\.name) == ["Uten id", "Beholdt"])
    #expect(parsed.places.last?.id == "osm:node/8")
    #expect(parsed.skipped == ["nameless": 2, "otherKind": 3, "unsupportedGeometry": 2], "\(parsed.skipped)")
  }

  @Test func theSameObjectTwiceIsOnePlaceAndTheLaterWins() throws {
    let parsed = try importFile(
      Self.collection(
        Self.node(1, #""amenity":"cafe","name":"Gammelt navn""#, lon: 10.70, lat: 59.90),
        Self.node(2, #""amenity":"cafe","name":"Nabo""#),
        Self.node(1, #""amenity":"restaurant","name":"Nytt navn""#, lon: 10.71, lat: 59.91)
      )
    )
    #expect(parsed.places.map(\.id) == ["osm:node/1", "osm:node/2"])
    #expect(parsed.places.first?.name == "Nytt navn")
    #expect(parsed.places.first?.category == .restaurant)
    Self.expectClose(parsed.places.first?.location, Coordinate(lat: 59.91, lon: 10.71))
    #expect(parsed.skipped == ["duplicate": 1])
  }

  // MARK: - Address and details

  @Test func addressCuisineAndDetailsComeFromTheTags() throws {
    let parsed = try importFile(
      Self.collection(
        #"{"type":"Feature","id":"way/42","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"#
          + #""amenity":"restaurant","name":"Lorry","addr:street":"Parkveien","addr:housenumber":"12","#
          + #""addr:postcode":"0350","addr:city":"Oslo","cuisine":"norwegian;burger","phone":"+47 22 69 69 04","#
          + #""website":"https://lorry.no","opening_hours":"Mo-Sa 11:00-01:00","email":"post@lorry.no"}}"#,
        Self.node(2, #""amenity":"cafe","name":"Kontakt","contact:phone":"+47 1","contact:website":"https://k.no""#),
        Self.node(3, #""amenity":"cafe","name":"Bare gate","addr:street":"Storgata""#),
        Self.node(4, #""amenity":"cafe","name":"Bare by","addr:postcode":"0155","addr:city":"Oslo""#),
        Self.node(5, #""amenity":"cafe","name":"Ingen adresse""#)
      )
    )
    #expect(
      parsed.places.map(\.address) == ["Parkveien 12, 0350 Oslo", nil, "Storgata", "0155 Oslo", nil]
    )
    let lorry = try #require(parsed.places.first)
    #expect(lorry.id == "osm:way/42")
    #expect(lorry.cuisine == "norwegian;burger")
    let details = PlaceDetails(place: lorry, rating: nil, isFavorite: false)
    #expect(details.phone == "+47 22 69 69 04")
    #expect(details.website == "https://lorry.no")
    #expect(details.email == "post@lorry.no")
    #expect(details.openingHours?.raw == "Mo-Sa 11:00-01:00")
    #expect(lorry.openingHours == "Mo-Sa 11:00-01:00")
    #expect(details.address == "Parkveien 12, 0350 Oslo")
    #expect(details.cuisine == ["norwegian", "burger"])
    #expect(details.links.openStreetMap == "https://www.openstreetmap.org/way/42")
    #expect(details.categories == ["catering.restaurant"])
    #expect(details.tags?["osm_type"] == "w")
    #expect(details.tags?["osm_id"] == 42)

    let contact = PlaceDetails(place: parsed.places[1], rating: nil, isFavorite: false)
    #expect(contact.phone == "+47 1")
    #expect(contact.website == "https://k.no")
    #expect(contact.links.openStreetMap == "https://www.openstreetmap.org/node/2")
  }

  @Test func tagsBeaconDoesNotUseAreNotKept() throws {
    let parsed = try importFile(
      Self.collection(Self.node(1, #""amenity":"cafe","name":"Kafé","fixme":"sjekk","note":"privat""#))
    )
    let place = try #require(parsed.places.first)
    let tags = try #require(PlaceDetails(place: place, rating: nil, isFavorite: false).tags)
    #expect(tags.objectValue?.keys.contains("fixme") == false)
    #expect(tags.objectValue?.keys.contains("note") == false)
    #expect(tags["name"] == "Kafé")
  }
}
