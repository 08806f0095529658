import Foundation

/// The Geoapify-shaped fixtures in `Tests/Fixtures/geoapify/` (see the README there).
package enum GeoapifyFixtures {
  /// The fixture folder, found from this source file's place in the package.
  package static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // BeaconTestSupport
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("Tests/Fixtures/geoapify")

  /// The bytes of fixture `name` (e.g. `places-oslo-restaurants.json`); empty if it is missing, which
  /// makes the test that needs it fail visibly.
  package static func bytes(_ name: String) -> [UInt8] {
    (try? Data(contentsOf: directory.appendingPathComponent(name))).map(Array.init) ?? []
  }

  /// The fixture as a string.
  package static func text(_ name: String) -> String {
    String(decoding: bytes(name), as: UTF8.self)
  }

  /// The place id of the restaurant that `place-details-restaurant.json` describes (Bryggehallen Matsal).
  package static let detailsRestaurantID =
    "513ac14879f781254059f8263c574af44d40f00102f90183a87f240000000092031342727967676568616c6c656e204d617473616c"

  /// The place id of the hotel that `place-details-hotel-building.json` describes only as a building (its OSM
  /// tags say `tourism=hotel`).
  package static let detailsHotelBuildingID =
    "5128d2a6a3f2ae25405978e6c0f3b1f54d40f00102f9010d6a1f2b00000000920312466a6f7264676cc3b8747420486f74656c6c"

  /// The place id of the office building in `place-details-office-building.json` (no kind Beacon shows).
  package static let detailsOfficeBuildingID =
    "51e3a5b8c91fa825405939f6d2c7aef44d40f00102f901ab34cd2a000000009203104b6f6e746f7262796767657420"
}

extension GeoapifyFixtures {
  /// Answers like Geoapify by path from the fixtures: Places by `categories` (Oslo restaurants, cafés,
  /// hotels, else empty), details of ``detailsRestaurantID``, ``detailsHotelBuildingID`` and
  /// ``detailsOfficeBuildingID``, autocomplete, IP geolocation; 404 otherwise.
  package static func respond(to request: LoopbackHTTPServer.RecordedRequest) -> LoopbackHTTPServer.Response {
    switch request.path {
    case "/v2/places":
      switch request.queryItems["categories"] {
      case "catering.restaurant": return .json(text("places-oslo-restaurants.json"))
      case "catering.cafe": return .json(text("places-oslo-cafes.json"))
      case "accommodation.hotel": return .json(text("places-oslo-hotels.json"))
      default: return .json(text("places-empty.json"))
      }
    case "/v2/place-details" where request.queryItems["id"] == detailsRestaurantID:
      return .json(text("place-details-restaurant.json"))
    case "/v2/place-details" where request.queryItems["id"] == detailsHotelBuildingID:
      return .json(text("place-details-hotel-building.json"))
    case "/v2/place-details" where request.queryItems["id"] == detailsOfficeBuildingID:
      return .json(text("place-details-office-building.json"))
    case "/v1/geocode/autocomplete":
      return .json(text("autocomplete-oslo-geojson.json"))
    case "/v1/ipinfo":
      return .json(text("ipinfo-oslo.json"))
    default:
      return .notFound
    }
  }

  /// A loopback server that answers like Geoapify with ``respond(to:)``.
  package static func server() throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer()
    server.handler = { respond(to: $0) }
    return server
  }
}
