import BeaconCore
import BeaconSync
import JSONRPC

/// Runs requests in-process through the same ``Dispatcher`` that `beacon serve` uses: `beacon call`
/// and tests speak to Beacon this way without pipes.
package final class InProcessClient: Sendable {
  private let server: Locked<BeaconServer?> = Locked(nil)
  private let waiting = Locked<[RequestID: CheckedContinuation<Result<JSONValue, ResponseError>, Never>]>([:])
  private let nextID = Locked(1)
  /// Serializes `receive`: the dispatcher expects messages one at a time, in order, as from a reader thread.
  private let receiving = Locked(())
  private let onNotification: @Sendable (String, JSONValue?) -> Void
  /// Where the `$/progress` of calls made with `onProgress` goes, by `workDoneToken`.
  private let progressRoutes = Locked<[JSONValue: @Sendable (JSONValue) -> Void]>([:])

  /// Creates a client and its server; `onNotification` sees what the server sends unasked.
  package init(
    options: ServerOptions,
    logger: Logger = Logger(),
    onNotification: @escaping @Sendable (String, JSONValue?) -> Void = { _, _ in }
  ) {
    self.onNotification = onNotification
    let server = BeaconServer(
      options: options,
      logger: logger,
      send: { [weak self] body in self?.receive(body) },
      exit: { _ in }
    )
    self.server.withLock { $0 = server }
  }

  /// The server behind this client.
  package var beaconServer: BeaconServer? { server.withLock { $0 } }

  /// Sends `method` with `params` and waits for its answer.
  ///
  /// - Parameters:
  ///   - onProgress: When given, the request carries a `workDoneToken` of its own and this sees the `value`
  ///     of each `$/progress` notification for it (begin, reports, end).
  /// - Returns: The result, or the error; cancelling the calling task sends `$/cancelRequest`, and the
  ///   answer is then usually `-32800`.
  package func call(
    _ method: String,
    params: JSONValue? = nil,
    onProgress: (@Sendable (JSONValue) -> Void)? = nil
  ) async -> Result<JSONValue, ResponseError> {
    let id = nextID.withLock { id -> RequestID in
      defer { id += 1 }
      return .integer(id)
    }
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": id.jsonValue, "method": .string(method)]
    var params = params
    if let onProgress {
      let token = JSONValue.string("in-process-\(id)")
      var members = params?.objectValue ?? [:]
      members["workDoneToken"] = token
      params = .object(members)
      progressRoutes.withLock { $0[token] = onProgress }
    }
    if let params { message["params"] = params }
    let body = JSONWriter.serialize(.object(message))
    let dispatcher = server.withLock { $0?.dispatcher }
    defer {
      if let token = params?["workDoneToken"], onProgress != nil { progressRoutes.withLock { $0[token] = nil } }
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        waiting.withLock { $0[id] = continuation }
        receiving.withLock { _ in dispatcher?.receive(body) }
        // Cancelled before the request was delivered: the handler below found nothing to cancel.
        if Task.isCancelled { cancel(id, on: dispatcher) }
      }
    } onCancel: {
      cancel(id, on: dispatcher)
    }
  }

  private func cancel(_ id: RequestID, on dispatcher: Dispatcher?) {
    let notification: JSONValue = ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": id.jsonValue]]
    let body = JSONWriter.serialize(notification)
    receiving.withLock { _ in dispatcher?.receive(body) }
  }

  /// Sends a typed request and decodes its answer.
  package func send<R: RequestType>(_ request: R) async throws -> R.Response where R: Encodable, R.Response: Decodable {
    let params = try JSONValueEncoder().encode(request)
    let result = try await call(R.method, params: params).get()
    return try JSONValueDecoder().decode(R.Response.self, from: result)
  }

  private func receive(_ body: [UInt8]) {
    guard let value = try? JSONParser.parse(body) else { return }
    let messages = value.arrayValue ?? [value]
    for message in messages {
      switch IncomingMessage(message) {
      case .response(let id, let result):
        waiting.withLock { $0.removeValue(forKey: id) }?.resume(returning: result)
      case .notification("$/progress", let params?):
        if let token = params["token"], let route = progressRoutes.withLock({ $0[token] }) {
          route(params["value"] ?? .null)
        } else {
          onNotification("$/progress", params)
        }
      case .notification(let method, let params):
        onNotification(method, params)
      default:
        break  // Every call has an id, so no answer comes with `"id": null`.
      }
    }
  }
}
