import BeaconCore
import Foundation
import JSONRPC

/// Every Beacon capability as an MCP tool, in the order `tools/list` gives them: the tools of
/// ``MethodDescriptor/all``.
///
/// Schemas come from `Schemas/openrpc.json` (``MCPToolSchemas``); the text of results is the text the
/// command line prints (``HumanOutput``), with hints that name tools and arguments instead of options.
enum MCPToolCatalogue {
  static let tools: [MCPTool] = MethodDescriptor.all.compactMap(\.tool)

  /// The tool called `name`.
  static func tool(named name: String) -> MCPTool? {
    tools.first { $0.name == name }
  }
}
