import Foundation
import JSONRPC
import Testing

/// `rating/summary` through the built binary: several places' ratings at once, over JSON-RPC and as the MCP tool
/// `rating_summary`.
extension EndToEnd {
  @Suite struct RatingSummaryEndToEndTests {
    /// Two demo places (Théhuone and Amin's cafe) and an id no store has.
    static let rated = "osm:node/1007416273"
    static let unrated = "osm:node/1369465542"
    static let unknown = "osm:node/1"

    @Test func summariesComeInTheGivenOrderAndAPlaceWithoutRatingsHasCountZero() throws {
      let beacon = try BeaconProcess(environment: ["BEACON_OFFLINE": "1"])
      try beacon.initialize()
      beacon.request("rating/add", id: 1, params: ["placeId": .string(Self.rated), "stars": 5])
      beacon.request("rating/add", id: 2, params: ["placeId": .string(Self.rated), "stars": 4])
      #expect(try beacon.response(id: 2)["result"] != nil)
      let ids: JSONValue = [.string(Self.unrated), .string(Self.unknown), .string(Self.rated)]
      beacon.request("rating/summary", id: 3, params: ["placeIds": ids])
      let summaries = try beacon.response(id: 3)["result"]?["summaries"]?.arrayValue ?? []
      #expect(summaries.count == 3)
      #expect(summaries.first == ["placeId": .string(Self.unrated), "average": .null, "count": 0])
      #expect(summaries.dropFirst().first == ["placeId": .string(Self.unknown), "average": .null, "count": 0])
      #expect(summaries.last?["placeId"] == .string(Self.rated))
      #expect(summaries.last?["average"]?.doubleValue == 4.5)
      #expect(summaries.last?["count"] == 2)

      beacon.request("rating/summary", id: 4, params: ["placeIds": []])
      let refused = try beacon.response(id: 4)["error"]
      #expect(refused?["code"] == -32602)
      #expect(refused?["message"] == "'placeIds' må være fra 1 til 100, ikke 0")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func theToolGivesALinePerPlaceAndIsListedWhenTheRatingsSetIsChosen() throws {
      let beacon = try BeaconProcess(arguments: ["mcp", "--toolsets", "ratings"], environment: ["BEACON_OFFLINE": "1"])
      try MCPEndToEndTests.initialize(beacon)
      _ = try MCPEndToEndTests.call(beacon, "rating_add", ["placeId": .string(Self.rated), "stars": 4], id: 1)
      let ids: JSONValue = [.string(Self.rated), .string(Self.unrated)]
      let result = try MCPEndToEndTests.call(beacon, "rating_summary", ["placeIds": ids], id: 2)
      #expect(result["isError"] == false)
      let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
      #expect(text == "\(Self.rated) · ★ 4,0 (1)\n\(Self.unrated) · ingen vurderinger ennå", "\(result)")
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))

      // The default list stays within its budget without it.
      #expect(try !MCPEndToEndTests.toolNames(["mcp"]).contains("rating_summary"))
      #expect(try MCPEndToEndTests.toolNames(["mcp", "--toolsets", "ratings"]).contains("rating_summary"))
    }
  }
}
