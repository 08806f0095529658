import BeaconCore
import JSONRPC

/// One Beacon method, described once: its request type (which names the method), the feature it belongs to, how
/// its handler is registered on the dispatcher, its MCP tool where it has one, and the text of its result.
///
/// Everything that lists methods iterates ``all``: registration, the MCP tool catalogue, the capabilities of the
/// `initialize` result (the methods registered), the params fuzzer and the contract tests. Adding a method is one
/// descriptor in its feature's file (see `Documentation/Adding-a-Method.md`).
package struct MethodDescriptor: Sendable {
  /// The method's name on the wire, e.g. `rating/list`.
  package let method: String
  /// The feature the method belongs to.
  package let feature: Feature.Name
  /// The request type: its params, its ordering and its result.
  package let requestType: any (RequestType & Encodable & Equatable).Type
  /// The method's MCP tool, or `nil` for methods an agent does not call (`initialize`, `ping`, `rpc.discover`).
  let tool: MCPTool?
  /// Puts the method's handler on a server's dispatcher.
  let register: @Sendable (BeaconServer) -> Void

  /// A method whose handler gets the server, the decoded request and its context; a handler that runs after the
  /// server is gone answers `internalError`.
  init<R: RequestType & Encodable & Equatable>(
    _ type: R.Type,
    feature: Feature.Name,
    tool: MCPTool? = nil,
    handler: @escaping @Sendable (BeaconServer, R, RequestContext) async throws -> R.Response
  ) {
    self.init(type, feature: feature, tool: tool) { server in
      server.dispatcher.register(R.self) { [weak server] request, context in
        guard let server else { throw ResponseError.internalError }
        return try await handler(server, request, context)
      }
    }
  }

  /// A method that registers itself (an immediate answer, a group handler).
  init<R: RequestType & Encodable & Equatable>(
    _ type: R.Type,
    feature: Feature.Name,
    tool: MCPTool? = nil,
    register: @escaping @Sendable (BeaconServer) -> Void
  ) {
    precondition(tool.map { $0.method == R.method } ?? true, "\(R.method): its tool calls another method")
    method = R.method
    self.feature = feature
    requestType = type
    self.tool = tool
    self.register = register
  }

  /// The method's result as text lines, as both `beacon mcp` and the command line show it; `arguments` are the
  /// params it was called with. `nil` when the method has no text or the result cannot be read.
  package func text(of result: JSONValue, arguments: JSONValue, output: HumanOutput) -> [String]? {
    tool?.render(result, arguments, output)
  }

  /// Every Beacon method, in the order `tools/list` shows their tools (``Feature/listed``).
  package static let all: [MethodDescriptor] = Feature.listed

  /// The method called `name`.
  package static func named(_ name: String) -> MethodDescriptor? {
    all.first { $0.method == name }
  }
}
