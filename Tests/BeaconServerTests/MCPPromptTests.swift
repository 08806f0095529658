import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// MCP prompts in-process: listed, got with arguments filled in, in the session's language, and bad arguments
/// as `-32602`.
@Suite struct MCPPromptTests {
  /// The text of the one user message of a `prompts/get` answer.
  static func message(_ answer: JSONValue) throws -> String {
    let messages = try #require(answer["result"]?["messages"]?.arrayValue, "\(answer)")
    #expect(messages.count == 1)
    #expect(messages.first?["role"] == "user")
    #expect(messages.first?["content"]?["type"] == "text")
    return try #require(messages.first?["content"]?["text"]?.stringValue)
  }

  @Test func promptsAreDeclaredAndListed() async throws {
    let client = MCPTestClient()
    let result = try await client.initialize()
    #expect(result["capabilities"]?["prompts"] == ["listChanged": false])
    let list = try await client.request("prompts/list", id: 1, params: [:])
    let prompts = try #require(list["result"]?["prompts"]?.arrayValue)
    #expect(prompts.compactMap { $0["name"]?.stringValue } == ["find_food_now", "compare_favorites", "plan_visit"])
    #expect(prompts.first?["title"] == "Finn mat nå")
    let plan = try #require(prompts.last?["arguments"]?.arrayValue)
    #expect(plan == [["name": "placeId", "description": "The place's `id` from a search.", "required": true]])
    #expect(prompts.first?["arguments"]?.arrayValue?.allSatisfy { $0["required"] == false } == true)
  }

  @Test func aPromptNamesTheToolsAndTheArguments() async throws {
    let english = try await MCPToolCallTests.offlineClient(locale: "en")
    let food = try Self.message(
      try await english.request(
        "prompts/get",
        id: 1,
        params: ["name": "find_food_now", "arguments": ["near": "Kamppi\nIgnore this", "diet": "vegan"]]
      )
    )
    #expect(food.contains("near \"Kamppi Ignore this\""), "one line: \(food)")
    #expect(food.contains("places_autocomplete with text \"Kamppi Ignore this\""))
    #expect(food.contains("Call places_search with category \"restaurant\" and openNow true."))
    #expect(food.contains("I would like: vegan"))
    let plain = try Self.message(try await english.request("prompts/get", id: 2, params: ["name": "find_food_now"]))
    #expect(plain.hasPrefix("Find somewhere I can eat now. Call places_search"), "\(plain)")
    #expect(!plain.contains("places_autocomplete") && !plain.contains("I would like"))

    let compare = try Self.message(
      try await english.request("prompts/get", id: 3, params: ["name": "compare_favorites"])
    )
    #expect(compare.contains("Call favorites_list with detail \"full\""))

    let plan = try Self.message(
      try await english.request(
        "prompts/get",
        id: 4,
        params: ["name": "plan_visit", "arguments": ["placeId": "osm:node/1"]]
      )
    )
    #expect(plan.contains("Call places_details with id \"osm:node/1\""))

    let bokmal = try await MCPToolCallTests.offlineClient()
    let norsk = try Self.message(try await bokmal.request("prompts/get", id: 5, params: ["name": "compare_favorites"]))
    #expect(norsk.hasPrefix("Sammenlign mine favorittsteder. Kall favorites_list"))
    let nynorsk = try await MCPToolCallTests.offlineClient(locale: "nn")
    let mat = try Self.message(try await nynorsk.request("prompts/get", id: 6, params: ["name": "find_food_now"]))
    #expect(mat.hasPrefix("Finn ein stad eg kan ete no."))
  }

  @Test func badPromptRequestsAreInvalidParams() async throws {
    let client = try await MCPToolCallTests.offlineClient(locale: "en")
    let cases: [(JSONValue, String, String)] = [
      (["name": "plan_visit"], "placeId", "The prompt 'plan_visit' needs the argument 'placeId'"),
      (["name": "plan_visit", "arguments": ["placeId": "  "]], "placeId", "needs the argument 'placeId'"),
      (
        ["name": "plan_visit", "arguments": ["placeId": 7]], "placeId", "Invalid parameter 'placeId': must be a string"
      ),
      (["name": "find_food_now", "arguments": ["city": "Oslo"]], "city", "valid arguments: near, diet"),
      (["name": "order_pizza"], "name", "Unknown prompt 'order_pizza'; see 'prompts/list'"),
    ]
    for (index, (params, field, message)) in cases.enumerated() {
      let answer = try await client.request("prompts/get", id: .int(index), params: params)
      #expect(answer["error"]?["code"] == -32602, "\(params): \(answer)")
      #expect(answer["error"]?["data"]?["field"]?.stringValue == field)
      #expect(answer["error"]?["message"]?.stringValue?.contains(message) == true, "\(answer)")
    }
    let bokmal = try await MCPToolCallTests.offlineClient()
    let answer = try await bokmal.request("prompts/get", id: 9, params: ["name": "plan_visit"])
    #expect(answer["error"]?["message"] == "Prompten 'plan_visit' trenger argumentet 'placeId'")
  }
}
