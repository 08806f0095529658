/// What a request handler may know and do besides computing its result.
package struct RequestContext: Sendable {
  /// The request's id.
  package let id: RequestID
  /// The request's method.
  package let method: String
  /// The client's `workDoneToken`, when the request carried one; progress is reported only then.
  package let workDoneToken: JSONValue?
  private let notify: @Sendable (_ method: String, _ params: JSONValue) -> Void
  private let supersededCheck: @Sendable () -> Bool

  /// Creates a context; `notify` sends a notification to the client, `isSuperseded` tells whether a newer
  /// request of the same method has arrived.
  package init(
    id: RequestID,
    method: String,
    workDoneToken: JSONValue?,
    notify: @escaping @Sendable (_ method: String, _ params: JSONValue) -> Void,
    isSuperseded: @escaping @Sendable () -> Bool = { false }
  ) {
    self.id = id
    self.method = method
    self.workDoneToken = workDoneToken
    self.notify = notify
    supersededCheck = isSuperseded
  }

  /// Whether a newer request of the same method has arrived since this one (for debouncing: a
  /// superseded request should give way without doing its work).
  package var isSuperseded: Bool { supersededCheck() }

  /// Whether the client has cancelled this request.
  package var isCancelled: Bool { Task.isCancelled }

  /// Sends a notification to the client (for protocols whose progress and logs are not LSP's).
  package func sendNotification(_ method: String, params: JSONValue) {
    notify(method, params)
  }

  /// Sends `$/progress` for this request's `workDoneToken`; does nothing when the request had none.
  package func reportProgress(_ progress: WorkDoneProgress) {
    guard let workDoneToken else { return }
    notify("$/progress", ["token": workDoneToken, "value": progress.jsonValue])
  }

  /// Sends `window/logMessage`, for warnings the user should see.
  package func logMessage(_ type: LogMessageType, _ message: String) {
    notify("window/logMessage", ["type": .int(type.rawValue), "message": .string(message)])
  }
}

/// The severity of a `window/logMessage`.
package enum LogMessageType: Int, Sendable {
  case error = 1
  case warning = 2
  case info = 3
  case log = 4
}

/// One step of LSP work-done progress.
package enum WorkDoneProgress: Sendable, Equatable {
  case begin(title: String, message: String? = nil, percentage: Int? = nil, cancellable: Bool = true)
  case report(message: String? = nil, percentage: Int? = nil)
  case end(message: String? = nil)

  /// The `value` of the `$/progress` notification.
  package var jsonValue: JSONValue {
    var object: [String: JSONValue]
    switch self {
    case .begin(let title, let message, let percentage, let cancellable):
      object = ["kind": "begin", "title": .string(title), "cancellable": .bool(cancellable)]
      if let message { object["message"] = .string(message) }
      if let percentage { object["percentage"] = .int(percentage) }
    case .report(let message, let percentage):
      object = ["kind": "report"]
      if let message { object["message"] = .string(message) }
      if let percentage { object["percentage"] = .int(percentage) }
    case .end(let message):
      object = ["kind": "end"]
      if let message { object["message"] = .string(message) }
    }
    return .object(object)
  }
}
