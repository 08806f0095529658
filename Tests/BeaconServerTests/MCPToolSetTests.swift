import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// Tool sets (`beacon mcp --toolsets`) and what a tool list costs a model: only the chosen sets are listed
/// and callable, and the default list stays within its byte budget.
@Suite struct MCPToolSetTests {
  /// The most bytes the default `tools/list` result may have (12 KB).
  static let defaultBudget = 12_000
  /// The most bytes the `tools/list` result of every set together may have (40 KB).
  static let allBudget = 40_000

  /// The `tools/list` result of a fresh session with `toolSets`, in `locale`.
  static func toolList(_ toolSets: Set<MCPToolSet>, locale: String? = nil) async throws -> JSONValue {
    let client = MCPTestClient(options: .inMemory(flags: BeaconOptions(locale: locale)), toolSets: toolSets)
    try await client.initialize()
    let answer = try await client.request("tools/list", id: 1)
    return try #require(answer["result"])
  }

  /// Each set's tools, in `tools/list` order, are those of its row in `MCP.md`'s tool-set table, which names every
  /// set and marks the default ones.
  @Test func everyToolBelongsToExactlyOneSet() throws {
    for tool in MCPToolCatalogue.tools {
      #expect(MCPToolSet.of(tool: tool.name) != nil, "\(tool.name) belongs to no tool set")
    }
    let bySet = Dictionary(grouping: MCPToolCatalogue.tools.map(\.name)) { MCPToolSet.of(tool: $0) }
    let table = try ProjectDocuments.toolSets()
    #expect(table.map(\.set) == MCPToolSet.allCases.map(\.rawValue), "MCP.md's table names every set once")
    for row in table {
      #expect(bySet[MCPToolSet(rawValue: row.set)] == row.tools, "the \(row.set) set's tools, as MCP.md lists them")
    }
    #expect(Set(table.filter(\.isDefault).map(\.set)) == Set(MCPToolSet.defaultSets.map(\.rawValue)))
  }

  @Test func listsAreParsed() throws {
    #expect(try MCPToolSet.parse("places, Ratings") == [.places, .ratings])
    #expect(try MCPToolSet.parse("all") == Set(MCPToolSet.allCases))
    #expect(try MCPToolSet.parse("fruits,all") == Set(MCPToolSet.allCases))
    #expect(try MCPToolSet.parse("") == MCPToolSet.defaultSets)
    #expect(throws: MCPToolSet.UnknownName(name: "maps")) { try MCPToolSet.parse("places,maps") }
    #expect(MCPToolSet.validNames == (try ProjectDocuments.toolSets().map(\.set)) + ["all"])
  }

  @Test func aServerListsAndCallsOnlyTheToolsOfItsSets() async throws {
    let standard = MCPServer(options: .inMemory()) { _ in }
    let optional = MCPToolSet.allCases.filter { !MCPToolSet.defaultSets.contains($0) }
    #expect(standard.tools.allSatisfy { MCPToolSet.of(tool: $0.name).map(MCPToolSet.defaultSets.contains) == true })
    #expect(!optional.isEmpty)
    #expect(standard.tools.count == 12)

    let client = MCPTestClient(options: .inMemory(flags: BeaconOptions(locale: "en")), toolSets: [.fruits])
    try await client.initialize()
    let names = try await client.allTools().tools.compactMap { $0["name"]?.stringValue }
    #expect(names == MCPToolCatalogue.fruitTools.map(\.name))
    let answer = try await client.request(
      "tools/call",
      id: 2,
      params: ["name": "places_search", "arguments": [:]]
    )
    #expect(answer["error"]?["code"] == -32602)
    #expect(answer["error"]?["data"]?["toolSet"] == "places")
    #expect(answer["error"]?["message"]?.stringValue?.contains("--toolsets") == true, "\(answer)")
  }

  @Test func theInstructionsNameOnlyTheToolsOfTheSession() async throws {
    let standard = MCPTestClient(toolSets: MCPToolSet.defaultSets)
    let text = try #require(try await standard.initialize()["instructions"]?.stringValue)
    #expect(text.contains("places_search"))
    #expect(!Self.optionalToolPrefixes.isEmpty)
    for other in Self.optionalToolPrefixes { #expect(!text.contains(other), "\(other) in \(text)") }
  }

  /// The start of the tool names of each set not served by default that no default tool's name starts with
  /// (`fruits_`, `users_`, …).
  static var optionalToolPrefixes: [String] {
    func prefix(_ name: String) -> String { String(name.prefix { $0 != "_" }) + "_" }
    let standard = Set(
      MCPToolCatalogue.tools.map(\.name).filter { MCPToolSet.of(tool: $0).map(MCPToolSet.defaultSets.contains) == true }
        .map(prefix)
    )
    let optional = MCPToolSet.allCases.filter { !MCPToolSet.defaultSets.contains($0) }
    let prefixes = optional.compactMap { set in
      MCPToolCatalogue.tools.first { MCPToolSet.of(tool: $0.name) == set }.map { prefix($0.name) }
    }
    return prefixes.filter { !standard.contains($0) }
  }

  @Test(arguments: ["nb", "nn", "en"])
  func theDefaultListFitsItsBudgetAndEverySetTogetherTheirs(locale: String) async throws {
    let standard = try await Self.toolList(MCPToolSet.defaultSets, locale: locale)
    let standardBytes = JSONWriter.serialize(standard).count
    #expect(standardBytes <= Self.defaultBudget, "the default tools/list is \(standardBytes) bytes")
    let all = try await Self.toolList(Set(MCPToolSet.allCases), locale: locale)
    let allBytes = JSONWriter.serialize(all).count
    #expect(allBytes <= Self.allBudget, "every tool set's tools/list is \(allBytes) bytes")
  }

  @Test func aSharedShapeIsSpelledOutOnceAndNamedAfterwards() async throws {
    let standard = try await Self.toolList(MCPToolSet.defaultSets)
    let tools = standard["tools"]?.arrayValue ?? []
    func output(_ name: String) -> JSONValue? { tools.first { $0["name"]?.stringValue == name }?["outputSchema"] }
    let place = output("places_search")?["properties"]?["places"]?["items"]
    #expect(place?["properties"]?["id"] != nil, "places_search spells out the place summary")
    #expect(
      output("favorites_list")?["properties"]?["places"]?["items"]?["description"] == "As in places_search's output."
    )
    #expect(output("settings_update")?["description"] == "As in settings_get's output.")
    #expect(output("settings_update")?["type"] == "object")
    #expect(output("places_details")?["properties"]?["place"]?["properties"]?["rating"]?["type"] == ["object", "null"])

    // Without the places set, favorites_list is the first to return a place summary, so it spells it out.
    let favorites = try await Self.toolList([.favorites])
    let list = favorites["tools"]?.arrayValue?.first { $0["name"] == "favorites_list" }
    #expect(list?["outputSchema"]?["properties"]?["places"]?["items"]?["properties"]?["id"] != nil)
  }

  @Test func argumentsSharedWithPlacesSearchAreSpelledOutThereOnly() async throws {
    func arguments(_ list: JSONValue, _ name: String) -> [String: JSONValue] {
      let tool = list["tools"]?.arrayValue?.first { $0["name"]?.stringValue == name }
      return tool?["inputSchema"]?["properties"]?.objectValue ?? [:]
    }
    let standard = try await Self.toolList(MCPToolSet.defaultSets)
    let search = arguments(standard, "places_search")
    #expect(search["diet"]?["items"]?["enum"]?.arrayValue?.count == 5)
    #expect(search["center"]?["properties"]?["lat"]?["maximum"] == 90)
    let favorites = arguments(standard, "favorites_list")
    for name in ["diet", "wheelchair", "openFor", "minRating", "sort", "detail"] { #expect(favorites[name] == [:]) }
    #expect(favorites["center"] == ["description": "Measure distances from here."])
    #expect(favorites["text"]?["type"] == "string", "favorites_list's own arguments keep their schema")
    #expect(arguments(standard, "settings_update")["radiusMeters"] == [:])
    #expect(arguments(standard, "settings_update")["locale"]?["enum"] == ["nb", "nn", "en"])

    // Without places_search, nothing refers to it: the arguments are spelled out.
    let alone = try await Self.toolList([.favorites, .settings])
    #expect(arguments(alone, "favorites_list")["diet"] == search["diet"])
    #expect(arguments(alone, "favorites_list")["detail"]?["enum"] == ["brief", "full"])
    #expect(arguments(alone, "settings_update")["radiusMeters"] == search["radiusMeters"])
  }

  @Test func placeSummariesListTheFiltersFactsOnlyInDetails() async throws {
    let standard = try await Self.toolList(MCPToolSet.defaultSets)
    let tools = standard["tools"]?.arrayValue ?? []
    func output(_ name: String) -> JSONValue? { tools.first { $0["name"]?.stringValue == name }?["outputSchema"] }
    let summary = output("places_search")?["properties"]?["places"]?["items"]?["properties"]?.objectValue ?? [:]
    #expect(summary["id"] != nil && summary["location"] != nil)
    for fact in ["diet", "cuisine", "wheelchair", "outdoorSeating", "takeaway"] {
      #expect(summary[fact] == nil, "\(fact) in the brief place summary")
      #expect(output("places_details")?["properties"]?["place"]?["properties"]?[fact] != nil, "\(fact) in details")
    }
  }

  @Test func outputSchemasKeepTheShapeAndDropTheContractsProse() async throws {
    let all = try await Self.toolList(Set(MCPToolSet.allCases))
    for tool in all["tools"]?.arrayValue ?? [] {
      let text = String(decoding: JSONWriter.serialize(tool["outputSchema"] ?? .null), as: UTF8.self)
      for keyword in ["\"title\"", "\"examples\"", "\"oneOf\"", "\"additionalProperties\"", "\"presentation\""] {
        #expect(!text.contains(keyword), "\(tool["name"] ?? .null) output schema has \(keyword)")
      }
    }
  }
}
