import JSONRPC

/// MCP's `prompts/get`: one prompt's messages, with the client's arguments filled in.
public struct GetPromptRequest: RequestType, Codable, Equatable {
  public static let method = "prompts/get"
  /// `{description, messages: [{role, content}]}`.
  public typealias Response = JSONValue

  /// The prompt's name, e.g. `find_food_now`.
  public var name: String
  /// The prompt's arguments (strings); none when left out.
  public var arguments: [String: JSONValue]?

  /// Creates the request.
  public init(name: String, arguments: [String: JSONValue]? = nil) {
    self.name = name
    self.arguments = arguments
  }
}
