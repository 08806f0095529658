/// What a request handler may know and do besides computing its result.
///
/// Made for every request that runs as a task, so it holds only what it was made from (the dispatcher, weakly, the
/// request's params and its arrival): the `workDoneToken` is looked up, and the dispatcher asked, only when a handler
/// wants them, with no closure made per request.
package struct RequestContext: Sendable {
  /// The request's id.
  package let id: RequestID
  /// The request's method.
  package let method: String
  /// The request's params, where ``workDoneToken`` is read from.
  private let params: JSONValue?
  /// Where notifications go and who knows the newest arrival of each method; `nil` once it is gone.
  private weak var dispatcher: Dispatcher?
  /// The request's arrival number, and its method's slot for ``isSuperseded`` (`nil`: never superseded).
  private let arrival: UInt64
  private let arrivalSlot: Int?

  /// A context for a request of `dispatcher` that arrived as number `arrival`; `arrivalSlot` is where the dispatcher
  /// keeps the newest arrival of the request's method.
  init(
    id: RequestID,
    method: String,
    params: JSONValue?,
    dispatcher: Dispatcher,
    arrival: UInt64,
    arrivalSlot: Int?
  ) {
    self.id = id
    self.method = method
    self.params = params
    self.dispatcher = dispatcher
    self.arrival = arrival
    self.arrivalSlot = arrivalSlot
  }

  /// The client's `workDoneToken`, when the request carried one; progress is reported only then.
  package var workDoneToken: JSONValue? {
    guard let token = params?["workDoneToken"], token != .null else { return nil }  // `null`: none.
    return token
  }

  /// Whether a newer request of the same method has arrived since this one (for debouncing: a
  /// superseded request should give way without doing its work).
  package var isSuperseded: Bool {
    guard let arrivalSlot, let dispatcher else { return false }
    return dispatcher.state.withLock { $0.latestArrivals[arrivalSlot] } > arrival
  }

  /// Whether the client has cancelled this request.
  package var isCancelled: Bool { Task.isCancelled }

  /// Sends a notification to the client (for protocols whose progress and logs are not LSP's).
  package func sendNotification(_ method: String, params: JSONValue) {
    dispatcher?.notify(method, params: params)
  }

  /// Sends `$/progress` for this request's `workDoneToken`; does nothing when the request had none.
  package func reportProgress(_ progress: WorkDoneProgress) {
    guard let workDoneToken else { return }
    sendNotification("$/progress", params: ["token": workDoneToken, "value": progress.jsonValue])
  }

  /// Sends `window/logMessage`, for warnings the user should see.
  package func logMessage(_ type: LogMessageType, _ message: String) {
    sendNotification("window/logMessage", params: ["type": .int(type.rawValue), "message": .string(message)])
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
