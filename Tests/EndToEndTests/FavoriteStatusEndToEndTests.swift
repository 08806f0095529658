import Foundation
import JSONRPC
import Testing

/// `favorites/status` through the built binary: which of several places are favourites, over JSON-RPC and as the
/// MCP tool `favorites_status`.
extension EndToEnd {
  @Suite struct FavoriteStatusEndToEndTests {
    /// Two demo places (Théhuone and Amin's cafe) and an id no store has.
    static let favorite = "osm:node/1007416273"
    static let other = "osm:node/1369465542"
    static let unknown = "osm:node/1"

    @Test func statusesComeInTheGivenOrderAndOnlyAFavouriteIsOne() throws {
      let beacon = try BeaconProcess(environment: ["BEACON_OFFLINE": "1"])
      try beacon.initialize()
      beacon.request("favorites/add", id: 1, params: ["placeId": .string(Self.favorite)])
      #expect(try beacon.response(id: 1)["result"]?["added"] == true)
      let ids: JSONValue = [.string(Self.other), .string(Self.unknown), .string(Self.favorite)]
      beacon.request("favorites/status", id: 2, params: ["placeIds": ids])
      let statuses = try beacon.response(id: 2)["result"]?["statuses"]?.arrayValue ?? []
      #expect(
        statuses == [
          ["placeId": .string(Self.other), "favorite": false],
          ["placeId": .string(Self.unknown), "favorite": false],
          ["placeId": .string(Self.favorite), "favorite": true],
        ]
      )

      beacon.request("favorites/status", id: 3, params: ["placeIds": .array(Array(repeating: "x", count: 101))])
      let refused = try beacon.response(id: 3)["error"]
      #expect(refused?["code"] == -32602)
      #expect(refused?["message"] == "'placeIds' må være fra 1 til 100, ikke 101")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test(arguments: [("nb", "Favoritt: ♥ ja", "Favoritt: nei"), ("en", "Favourite: ♥ yes", "Favourite: no")])
    func theToolGivesALinePerPlaceAndIsListedWhenTheFavouritesSetIsChosen(
      locale: String,
      yes: String,
      no: String
    ) throws {
      let beacon = try BeaconProcess(
        arguments: ["mcp", "--toolsets", "favorites", "--locale", locale],
        environment: ["BEACON_OFFLINE": "1"]
      )
      try MCPEndToEndTests.initialize(beacon)
      _ = try MCPEndToEndTests.call(beacon, "favorites_add", ["placeId": .string(Self.favorite)], id: 1)
      let ids: JSONValue = [.string(Self.favorite), .string(Self.other)]
      let result = try MCPEndToEndTests.call(beacon, "favorites_status", ["placeIds": ids], id: 2)
      #expect(result["isError"] == false)
      let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
      #expect(text == "\(Self.favorite) · \(yes)\n\(Self.other) · \(no)", "\(result)")
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))

      // The default list stays within its budget without it.
      #expect(try !MCPEndToEndTests.toolNames(["mcp"]).contains("favorites_status"))
    }
  }
}
