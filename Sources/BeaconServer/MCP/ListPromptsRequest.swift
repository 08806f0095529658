import JSONRPC

/// MCP's `prompts/list`: the message templates Beacon offers (one page: there are three).
package struct ListPromptsRequest: RequestType, Codable, Equatable {
  package static let method = "prompts/list"
  /// `{prompts: [{name, title, description, arguments}]}`.
  package typealias Response = JSONValue

  /// Where the page starts: never given (there is one page), so any is `-32602`.
  package var cursor: String?

  /// Creates the request.
  package init(cursor: String? = nil) {
    self.cursor = cursor
  }
}
