import BeaconCore
import JSONRPC

/// Resources: `resources/list`, `resources/templates/list`, `resources/read`, `resources/subscribe` and
/// `resources/unsubscribe`, and `notifications/resources/updated` after a tool call changed a subscribed one.
extension MCPServer {
  /// MCP's code for "Resource not found" (2025-06-18 and 2025-11-25 `server/resources`).
  static let resourceNotFound = ErrorCode(rawValue: -32002)

  func registerResourceMethods() {
    dispatcher.register(ListResourcesRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      try self.expectNoCursor(request.cursor)
      return ["resources": .array(MCPResources.list(in: self.language))]
    }
    dispatcher.register(ListResourceTemplatesRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      try self.expectNoCursor(request.cursor)
      return ["resourceTemplates": .array(MCPResources.templates(in: self.language))]
    }
    dispatcher.register(ReadResourceRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await self.readResource(request.uri)
    }
    dispatcher.register(SubscribeResourceRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      _ = try self.reader(of: request.uri)
      self.session.values.withLock { _ = $0.subscriptions.insert(request.uri) }
      return EmptyResult()
    }
    dispatcher.register(UnsubscribeResourceRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let resource = MCPResources.canonical(request.uri)
      self.session.values.withLock {
        $0.subscriptions = $0.subscriptions.filter { MCPResources.canonical($0) != resource }
      }
      return EmptyResult()
    }
  }

  /// The method and params behind `uri`, or the "Resource not found" error.
  private func reader(of uri: String) throws(ResponseError) -> (method: String, params: JSONValue) {
    guard let reader = MCPResources.reader(of: uri) else { throw notFound(uri) }
    return reader
  }

  private func notFound(_ uri: String) -> ResponseError {
    ResponseError(
      code: Self.resourceNotFound,
      message: MCPText.resourceNotFound(uri: MCPText.shortened(uri)).text(in: language),
      data: ["uri": .string(MCPText.shortened(uri))]
    )
  }

  /// The JSON of the resource at `uri`, read through the handler that serves it over JSON-RPC.
  private func readResource(_ uri: String) async throws(ResponseError) -> JSONValue {
    let (method, params) = try reader(of: uri)
    switch await client.call(method, params: params) {
    case .success(let result):
      let text = String(decoding: JSONWriter.serialize(result), as: UTF8.self)
      return ["contents": [["uri": .string(uri), "mimeType": .string(MCPResources.mimeType), "text": .string(text)]]]
    case .failure(let error):
      // A place nobody has seen, or an id that is no id: the resource does not exist.
      if error.code == ApplicationErrorCode.notFound || error.code == .invalidParams { throw notFound(uri) }
      throw error
    }
  }

  /// Tells the client which of `uris` it subscribed to have changed, each by the URI it subscribed with (however
  /// it percent-encoded a place's id).
  func notifyUpdated(_ uris: Set<String>) {
    guard !uris.isEmpty else { return }
    let subscribed = session.values.withLock { $0.subscriptions }
    for uri in subscribed.sorted() where uris.contains(MCPResources.canonical(uri)) {
      dispatcher.notify("notifications/resources/updated", params: ["uri": .string(uri)])
    }
  }
}
