import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon mcp` resources and prompts through the built binary, as an MCP client uses them.
extension EndToEnd {
  @Suite struct MCPResourcesEndToEndTests {
    typealias MCP = MCPEndToEndTests

    @Test func readSubscribeAndPrompt() throws {
      let server = try GeoapifyFixtures.server()
      let beacon = try MCP.start(geoapify: server)
      let initialized = try MCP.initialize(beacon)
      #expect(initialized["capabilities"]?["resources"]?["subscribe"] == true)
      #expect(initialized["capabilities"]?["prompts"] != nil)

      let id = GeoapifyFixtures.detailsRestaurantID
      _ = try MCP.call(beacon, "places_search", ["category": "restaurant"], id: 1)
      MCP.request(beacon, "resources/subscribe", id: 2, params: ["uri": "beacon://favorites"])
      #expect(try beacon.response(id: 2)["result"] == [:])
      let added = try MCP.call(beacon, "favorites_add", ["placeId": .string(id)], id: 3)
      #expect(added["isError"] == false)
      let updates = beacon.messages.filter { $0["method"] == "notifications/resources/updated" }
      #expect(updates.map { $0["params"]?["uri"] } == ["beacon://favorites"], "\(updates)")

      MCP.request(beacon, "resources/read", id: 4, params: ["uri": "beacon://favorites"])
      let contents = try beacon.response(id: 4)["result"]?["contents"]?.arrayValue?.first
      #expect(contents?["mimeType"] == "application/json")
      let favourites = try JSONParser.parse(Array((contents?["text"]?.stringValue ?? "").utf8))
      #expect(favourites["places"]?.arrayValue?.map { $0["id"]?.stringValue } == [id])

      let encoded = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id
      MCP.request(beacon, "resources/read", id: 5, params: ["uri": .string("beacon://places/" + encoded)])
      let place = try beacon.response(id: 5)["result"]?["contents"]?.arrayValue?.first?["text"]?.stringValue ?? ""
      #expect(try JSONParser.parse(Array(place.utf8))["place"]?["name"] == "Bryggehallen Matsal")

      MCP.request(beacon, "resources/read", id: 6, params: ["uri": "beacon://elsewhere"])
      #expect(try beacon.response(id: 6)["error"]?["code"] == -32002)

      MCP.request(beacon, "prompts/get", id: 7, params: ["name": "plan_visit", "arguments": ["placeId": .string(id)]])
      let message = try beacon.response(id: 7)["result"]?["messages"]?.arrayValue?.first?["content"]?["text"]
      #expect(message?.stringValue?.contains("places_details") == true, "\(String(describing: message))")
      MCP.request(beacon, "prompts/get", id: 8, params: ["name": "plan_visit"])
      #expect(try beacon.response(id: 8)["error"]?["code"] == -32602)

      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))
      #expect(!beacon.stdout.text.contains(MCP.apiKey))
    }
  }
}
