import JSONRPC

/// MCP's `prompts/get`: one prompt's messages, with the client's arguments filled in.
package struct GetPromptRequest: RequestType, Codable, Equatable {
  package static let method = "prompts/get"
  /// `{description, messages: [{role, content}]}`.
  package typealias Response = JSONValue

  /// The prompt's name, e.g. `find_food_now`.
  package var name: String
  /// The prompt's arguments (strings); none when left out.
  package var arguments: [String: JSONValue]?

  /// Creates the request.
  package init(name: String, arguments: [String: JSONValue]? = nil) {
    self.name = name
    self.arguments = arguments
  }
}
