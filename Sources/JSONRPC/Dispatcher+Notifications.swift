extension Dispatcher {
  /// Handles a notification: `exit`, the cancellation of a request, or a registered handler's (in its own task).
  func handleNotification(method: String, params: JSONValue?) {
    switch method {
    case Self.exitMethod where conventions.hasShutdown:
      let shutdown = phase == .shuttingDown
      if shutdown {
        // Let the `shutdown` answer and anything before it reach the client first.
        spawn(ordering: .exclusive, id: nil) { self.onExit(0) }
      } else {
        onExit(1)
      }
    case conventions.cancelNotification:
      guard let rawID = params?[conventions.cancelledIDMember], let id = RequestID(rawID) else {
        log("Ignoring \(method) without a valid \(conventions.cancelledIDMember)")
        return
      }
      let task = state.withLock { $0.requestsByID[id]?.task }
      task?.cancel()
    default:
      let (phase, handler) = state.withLock { ($0.phase, $0.notificationHandlers[method]) }
      guard phase != .uninitialized else { return }  // Dropped before `initialize`, as LSP requires.
      guard let handler else {
        // `$/` notifications may be ignored (LSP); the client's `initialized` needs nothing from us.
        if !method.hasPrefix("$/"), method != conventions.initializedNotification {
          log("Ignoring unknown notification '\(method)'")
        }
        return
      }
      spawn(ordering: .concurrent, id: nil) {
        do {
          try await handler(params)
        } catch {
          self.log("Notification '\(method)' failed: \(error)")
        }
      }
    }
  }
}
