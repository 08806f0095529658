extension Dispatcher {
  /// The rules of the protocol spoken over JSON-RPC where LSP and MCP differ: how requests are cancelled,
  /// whether a session ends with `shutdown`/`exit`, and what a request before `initialize` gets.
  package struct Conventions: Sendable {
    /// The notification that cancels a request.
    package var cancelNotification: String
    /// The member of the cancel notification's params that holds the request id.
    package var cancelledIDMember: String
    /// Whether a cancelled request is still answered (`-32800`, LSP) or never answered (MCP).
    package var answersCancelledRequests: Bool
    /// Whether the `shutdown` request and the `exit` notification exist (LSP).
    package var hasShutdown: Bool
    /// Whether `"id": null` makes a request (JSON-RPC) or an invalid message (MCP).
    package var acceptsNullID: Bool
    /// The code of the error for a request that needs `initialize` first.
    package var notInitializedCode: ErrorCode
    /// The notification a client sends once it has the `initialize` result (`initialized` in LSP,
    /// `notifications/initialized` in MCP): accepted without a word even when nothing is registered for it.
    package var initializedNotification: String
    /// Whether an `initialize` inside a batch is refused (`-32600`, MCP: it must stand alone).
    package var initializeStandsAlone: Bool

    /// Creates conventions.
    package init(
      cancelNotification: String,
      cancelledIDMember: String,
      answersCancelledRequests: Bool,
      hasShutdown: Bool,
      acceptsNullID: Bool,
      notInitializedCode: ErrorCode,
      initializedNotification: String = "initialized",
      initializeStandsAlone: Bool = false
    ) {
      self.cancelNotification = cancelNotification
      self.cancelledIDMember = cancelledIDMember
      self.answersCancelledRequests = answersCancelledRequests
      self.hasShutdown = hasShutdown
      self.acceptsNullID = acceptsNullID
      self.notInitializedCode = notInitializedCode
      self.initializedNotification = initializedNotification
      self.initializeStandsAlone = initializeStandsAlone
    }

    /// The LSP base protocol: `$/cancelRequest {id}` answered with `-32800`, `shutdown` then `exit`,
    /// `-32002` before `initialize`, and the `initialized` notification accepted.
    package static let languageServer = Conventions(
      cancelNotification: "$/cancelRequest",
      cancelledIDMember: "id",
      answersCancelledRequests: true,
      hasShutdown: true,
      acceptsNullID: true,
      notInitializedCode: .serverNotInitialized
    )

    /// The Model Context Protocol (2025-11-25): `notifications/cancelled {requestId}` leaves the request
    /// unanswered, the session ends with the input, ids are never null, and a request before
    /// `initialize` is `-32600` (MCP gives `-32002` another meaning), as is an `initialize` in a batch.
    package static let modelContextProtocol = Conventions(
      cancelNotification: "notifications/cancelled",
      cancelledIDMember: "requestId",
      answersCancelledRequests: false,
      hasShutdown: false,
      acceptsNullID: false,
      notInitializedCode: .invalidRequest,
      initializedNotification: "notifications/initialized",
      initializeStandsAlone: true
    )
  }
}
