import JSONRPC

/// MCP's `prompts/list`: the message templates Beacon offers (one page: there are three).
public struct ListPromptsRequest: RequestType, Codable, Equatable {
  public static let method = "prompts/list"
  /// `{prompts: [{name, title, description, arguments}]}`.
  public typealias Response = JSONValue

  /// Where the page starts (unused: there is one page).
  public var cursor: String?

  /// Creates the request.
  public init(cursor: String? = nil) {
    self.cursor = cursor
  }
}
