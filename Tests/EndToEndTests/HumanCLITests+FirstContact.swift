import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// A new user's first contact: details of a place search never returned, the user's own data instead of the
/// demo, favourites that agree with search about distances, demo ids from the README that work at once, and
/// text search that ignores apostrophes.
extension EndToEnd.HumanCLITests {
  /// An OpenStreetMap export of central Tromsø: two restaurants, a café and a hotel.
  static let tromsoExport = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "node/9001", "properties": {"amenity": "restaurant", "name": "Fiskekompaniet"},
       "geometry": {"type": "Point", "coordinates": [18.9578, 69.6485]}},
      {"type": "Feature", "id": "node/9002", "properties": {"amenity": "restaurant", "name": "Emma's Drømmekjøkken"},
       "geometry": {"type": "Point", "coordinates": [18.9531, 69.6498]}},
      {"type": "Feature", "id": "node/9003", "properties": {"amenity": "cafe", "name": "Risø mat & kaffebar"},
       "geometry": {"type": "Point", "coordinates": [18.9552, 69.6502]}},
      {"type": "Feature", "id": "way/9004", "properties": {"tourism": "hotel", "name": "Hotell Ishavet"},
       "geometry": {"type": "Point", "coordinates": [18.9609, 69.6477]}}
    ]}
    """

  /// Robert's Coffee in Helsinki railway station, the README's demo id.
  static let robertsCoffee = "osm:node/317766538"

  // MARK: 1. Details of a place search never returned

  @Test func detailsOfAPlaceSearchNeverReturnedTakeTheirKindFromTheOSMTags() throws {
    let workspace = try Workspace()
    let hotel = try workspace.succeed(["details", GeoapifyFixtures.detailsHotelBuildingID])
    #expect(Self.line(containing: "Navn:", in: hotel)?.contains("Fjordgløtt Hotell") == true, "\(hotel)")
    #expect(Self.line(containing: "Kategori:", in: hotel)?.contains("Hotell") == true, "\(hotel)")

    let office = try workspace.run(["details", GeoapifyFixtures.detailsOfficeBuildingID])
    #expect(office.termination == .exited(1))
    #expect(office.stdout.isEmpty, "\(office.stdout)")
    #expect(office.stderr.contains("verken restaurant, kafé eller hotell"), "\(office.stderr)")
    #expect(!office.stderr.contains("Fant ikke"), "\(office.stderr)")
    let english = try workspace.run(["--locale", "en", "details", GeoapifyFixtures.detailsOfficeBuildingID])
    #expect(english.stderr.contains("is not a restaurant, café or hotel"), "\(english.stderr)")
    let nynorsk = try workspace.run(["--locale", "nn", "details", GeoapifyFixtures.detailsOfficeBuildingID])
    #expect(nynorsk.stderr.contains("kan ikkje vise"), "\(nynorsk.stderr)")

    // On the wire: its own error kind, not notFound.
    let beacon = try BeaconProcess(arguments: ["serve"], environment: workspace.environment)
    try beacon.initialize()
    beacon.request("places/details", id: 1, params: ["id": .string(GeoapifyFixtures.detailsOfficeBuildingID)])
    let answer = try beacon.response(id: 1)
    #expect(answer["error"]?["code"] == -33002, "\(answer)")
    #expect(answer["error"]?["data"]?["kind"] == "unsupportedPlace")
    #expect(answer["error"]?["data"]?["placeId"]?.stringValue == GeoapifyFixtures.detailsOfficeBuildingID)
    #expect(try beacon.shutdownAndExit() == .exited(0))
  }

  @Test func detailsOfAnAutocompleteIdTakeTheKindAutocompleteGaveIt() throws {
    // A café in an office building: details name only the building, and its OSM tags only the offices.
    let id = "51f0c7d2a3b4e52540591b2e7a6f13f44d40f00103f901aa17c5e2000000009203094b6169612043616665"
    let details = GeoapifyFixtures.text("place-details-office-building.json")
      .replacingOccurrences(of: GeoapifyFixtures.detailsOfficeBuildingID, with: id)
    let suggestion: JSONValue = [
      "type": "FeatureCollection",
      "features": [
        [
          "type": "Feature",
          "properties": [
            "name": "Kaia Kaffebar", "lon": 10.7557, "lat": 59.9079, "result_type": "amenity",
            "category": "catering.cafe", "formatted": "Kaia Kaffebar, Dronning Eufemias gate 16, 0191 Oslo, Norway",
            "address_line1": "Kaia Kaffebar", "address_line2": "Dronning Eufemias gate 16, 0191 Oslo, Norway",
            "distance": 612.4, "place_id": .string(id),
          ],
          "geometry": ["type": "Point", "coordinates": [10.7557, 59.9079]],
        ]
      ],
    ]
    let workspace = try Workspace()
    workspace.server.enqueue(.json(suggestion.description), forPath: "/v1/geocode/autocomplete")
    workspace.server.enqueue(.json(details), forPath: "/v2/place-details")
    let suggested = try workspace.succeed(["call", "places/autocomplete", #"{"text":"kaia","debounceMs":0}"#])
    #expect(suggested.contains(id), "\(suggested)")
    let output = try workspace.succeed(["details", id])
    #expect(Self.line(containing: "Kategori:", in: output)?.contains("Kafé") == true, "\(output)")
  }

  // MARK: 4. The user's own data, not the demo

  @Test func afterAnImportSearchStartsFromTheUsersDataAndLeavesTheDemoOut() throws {
    let workspace = try Workspace()
    let file = try workspace.write(Self.tromsoExport, to: "tromso.geojson")
    _ = try workspace.succeed(["import", file])

    let json = try Self.parse(try workspace.succeed(["--offline", "search", "--json"]))
    #expect(json["centerSource"] == "imported", "\(json)")
    let lat = try #require(json["center"]?["lat"]?.doubleValue)
    #expect(abs(lat - 69.649) < 0.01, "\(json)")
    let names = json["places"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    #expect(names == ["Fiskekompaniet", "Emma's Drømmekjøkken"], "\(names)")

    let human = try workspace.succeed(["--offline", "search", "--category", "cafe"])
    #expect(human.contains("Risø mat & kaffebar"), "\(human)")
    #expect(human.contains("midten av stedene du har importert"), "\(human)")
    #expect(!human.contains("Helsinki"), "\(human)")

    // Around Helsinki the demo places show only when asked for.
    let helsinki = "60.1713198,24.9414566"
    let without = try Self.parse(
      try workspace.succeed(["--offline", "search", "--near", helsinki, "--category", "cafe", "--json"])
    )
    #expect(without["places"] == [], "\(without)")
    #expect(without["message"]?.stringValue?.contains("Ingen av stedene du har importert") == true, "\(without)")
    let with = try Self.parse(
      try workspace.succeed(["--offline", "search", "--near", helsinki, "--category", "cafe", "--demo", "--json"])
    )
    let demo = with["places"]?.arrayValue ?? []
    #expect(demo.count == 10, "\(with)")
    #expect(demo.allSatisfy { $0["source"] == "osm-demo" })
  }

  // MARK: 5. Favourites and search agree

  @Test func favouritesMeasureFromTheCentreSearchUsesAndSaySo() throws {
    let workspace = try Workspace()
    _ = try workspace.succeed(["--offline", "search", "--category", "cafe"])
    _ = try workspace.succeed(["--offline", "favorites", "add", Self.robertsCoffee])

    let search = try Self.parse(
      try workspace.succeed(["--offline", "search", "--favorites", "--category", "cafe", "--json"])
    )
    let list = try Self.parse(try workspace.succeed(["--offline", "favorites", "--json"]))
    #expect(search["centerSource"] == "demo")
    #expect(list["centerSource"] == "demo", "\(list)")
    #expect(list["center"] == search["center"])
    let searched = try #require(search["places"]?.arrayValue?.first?["distanceMeters"]?.intValue)
    let listed = try #require(list["places"]?.arrayValue?.first?["distanceMeters"]?.intValue)
    #expect(searched == listed)
    #expect(listed < 100)

    let human = try workspace.succeed(["--offline", "favorites"])
    #expect(human.contains("Avstander fra Helsinki jernbanestasjon"), "\(human)")
    #expect(human.contains("Robert's Coffee"))
    let english = try workspace.succeed(["--offline", "--locale", "en", "favorites"])
    #expect(english.contains("Distances from Helsinki railway station"), "\(english)")

    // A stored centre moves both the same way.
    _ = try workspace.succeed(["--offline", "search", "--near", Self.oslo])
    let stored = try Self.parse(try workspace.succeed(["--offline", "favorites", "--json"]))
    let again = try Self.parse(
      try workspace.succeed(["--offline", "search", "--favorites", "--radius", "10", "--json"])
    )
    #expect(stored["centerSource"] == "settings")
    #expect(stored["center"] == again["center"])
    #expect(try workspace.succeed(["--offline", "favorites"]).contains("Avstander fra det lagrede midtpunktet"))
  }

  // MARK: 6. The README's demo ids work at once

  @Test(arguments: [
    (["rate", robertsCoffee, "5"], "5 av 5"), (["details", robertsCoffee], "Robert's Coffee"),
    (["favorites", "add", robertsCoffee], "Robert's Coffee"),
  ])
  func aDemoIdWorksAsTheFirstCommandOfAFreshStore(_ command: [String], says expected: String) throws {
    let workspace = try Workspace()
    let result = try workspace.run(["--offline"] + command)
    #expect(result.termination == .exited(0), "\(command): \(result.stderr)")
    #expect(result.stdout.contains(expected), "\(result.stdout)")
  }

  // MARK: 7. Text search ignores apostrophes

  @Test func textSearchFindsRobertsCoffeeWithoutTheApostrophe() throws {
    let workspace = try Workspace()
    for text in ["roberts", "Robert’s", "robert's coffee"] {
      let output = try workspace.succeed(["--offline", "search", "--category", "cafe", "--text", text])
      #expect(output.contains("Robert's Coffee"), "--text \(text): \(output)")
    }
  }
}
