import BeaconJSON
import Foundation

/// What the project's own documents say about its methods and tools, read from the files themselves: the OpenRPC
/// contract (`Schemas/openrpc.json`) and the tool-set table of `Documentation/MCP.md`. Tests check the code against
/// these instead of keeping lists of their own, so a new method is described in the contract and the docs once.
package enum ProjectDocuments {
  /// The package's root directory.
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `Schemas/openrpc.json`.
  package static let openRPCFile = root.appendingPathComponent("Schemas/openrpc.json")

  /// `Documentation/MCP.md`.
  package static let mcpFile = root.appendingPathComponent("Documentation/MCP.md")

  /// The OpenRPC document.
  package static func openRPC() throws -> JSONValue {
    try JSONParser.parse(Array(try Data(contentsOf: openRPCFile)))
  }

  /// The method entries of the OpenRPC document, in document order.
  package static func openRPCMethods() throws -> [JSONValue] {
    try openRPC()["methods"]?.arrayValue ?? []
  }

  /// The params of each of a method entry's `examples`, as a by-name params object (`{}` for an example
  /// without params).
  package static func exampleParams(of method: JSONValue) -> [JSONValue] {
    (method["examples"]?.arrayValue ?? []).map { example in
      var params: [String: JSONValue] = [:]
      for pairing in example["params"]?.arrayValue ?? [] {
        if let name = pairing["name"]?.stringValue, let value = pairing["value"] { params[name] = value }
      }
      return .object(params)
    }
  }

  /// One row of the tool-set table under `## Tool sets` in `MCP.md`.
  package struct ToolSetRow: Equatable, Sendable {
    /// The set's name, e.g. `ratings`.
    package let set: String
    /// Its tools, in the order `tools/list` shows them.
    package let tools: [String]
    /// Whether the set is one of the default sets.
    package let isDefault: Bool
  }

  /// The tool-set table of `MCP.md`: each set with its tools, in table order.
  package static func toolSets() throws -> [ToolSetRow] {
    let lines = try String(contentsOf: mcpFile, encoding: .utf8).split(separator: "\n").map(String.init)
    guard let heading = lines.firstIndex(of: "## Tool sets") else { return [] }
    var rows: [ToolSetRow] = []
    for line in lines[(heading + 1)...] {
      if line.hasPrefix("#") { break }
      guard line.hasPrefix("| `") else {
        if !rows.isEmpty && !line.hasPrefix("|") { break }
        continue
      }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count >= 4 else { continue }
      let tools = cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingBackticks() }
      rows.append(
        ToolSetRow(set: cells[1].trimmingBackticks(), tools: tools, isDefault: cells[3].hasPrefix("yes"))
      )
    }
    return rows
  }
}

extension String {
  /// The text without the backticks around it.
  fileprivate func trimmingBackticks() -> String {
    trimmingCharacters(in: CharacterSet(charactersIn: "`"))
  }
}
