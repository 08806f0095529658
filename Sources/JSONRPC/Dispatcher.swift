import BeaconSync

/// Routes JSON-RPC messages to typed handlers under an LSP-style lifecycle; knows nothing of any domain.
///
/// - Lifecycle: requests before `initialize` get `-32002` (except those in
///   ``Configuration/requestsAllowedBeforeInitialize``); notifications before it are dropped, except
///   `exit`; a second `initialize` and any request after `shutdown` get `-32600`; `exit` ends the
///   process with 0 after `shutdown` and 1 otherwise.
/// - Concurrency: each request is a `Task` ordered by its ``RequestOrdering`` (`initialize`, `shutdown`: exclusive);
///   concurrent ones delivered in ``runningTasksOnThisThread(_:)`` run on that thread until they wait for another.
/// - Cancellation: `$/cancelRequest {id}` cancels the request's task, which then answers exactly once with `-32800`;
///   unknown ids are ignored.
/// - MCP: ``Conventions/modelContextProtocol`` keeps the above but cancels with `notifications/cancelled {requestId}`
///   and no answer, has no `shutdown`/`exit`, refuses null ids and answers a request before `initialize` with `-32600`.
/// - Batches: answered with one array; an empty batch with one `-32600`; a batch of notifications with nothing.
///
/// `receive` is meant to be called from one reader thread, in arrival order.
package final class Dispatcher: Sendable {
  struct RunningRequest {
    let sequence: UInt64
    let task: Task<Void, Never>
  }

  /// What the server plugs in.
  ///
  /// Kept in a struct on purpose: a lock (`Mutex`, `Locked`) whose value is a function type (or an optional one) is reabstracted
  /// through `withLock`'s generic `inout` and written back wrapped in two more thunks on every call, so each
  /// call nests deeper, memory grows and the stack finally overflows (found by the soak test).
  struct Hooks: Sendable {
    /// Rewrites the errors the dispatcher makes (``setErrorPresenter(_:)``).
    var present: @Sendable (ResponseError) -> ResponseError = { $0 }
    /// Runs when `shutdown` arrives (``onShutdown(_:)``).
    var shutdown: (@Sendable () async -> Void)?
    /// Decides, from an arriving `initialize`'s params, why batches are refused from then on
    /// (``refusesBatches(_:)``).
    var batchRefusal: (@Sendable (JSONValue?) -> String?)?
  }

  struct State: ~Copyable {
    var phase: Phase = .uninitialized
    /// Changed only through ``setHandler(_:for:)`` (which keeps ``recentHandler`` right).
    var requestHandlers: [String: RequestHandler] = [:]
    /// The handler found last, with its method: a run of requests to one method hashes no name.
    var recentHandler: (method: String, handler: RequestHandler)?
    var notificationHandlers: [String: @Sendable (JSONValue?) async throws -> Void] = [:]
    var nextSequence: UInt64 = 0
    /// Every task started and not ended, in start order.
    var running = RunningTasks()
    var requestsByID: [RequestID: RunningRequest] = [:]
    /// The newest exclusive task while it runs (or waits to run); `nil` once it has finished.
    var lastExclusive: Task<Void, Never>?
    /// The sequence number of the newest exclusive task, finished or not; `nil` before the first.
    var lastExclusiveSequence: UInt64?
    /// The arrival number of the newest request of each method (for ``RequestContext/isSuperseded``), at the slot of
    /// its handler (``RequestHandler/arrivalSlot``): no method name hashed per request.
    var latestArrivals: [UInt64] = []
    /// The slot of each method that has had a handler; kept when a handler is replaced.
    var arrivalSlots: [String: Int] = [:]
    /// Requests to registered handlers whose answer has not been handed over yet (see `maxInFlight`).
    var inFlightRequests = 0
    /// Whether ``receive(contentsOf:)`` is collecting groups of requests that arrived together.
    var isCollecting = false
    /// Exclusive requests of one grouped method, waiting for the end of their run of arrivals.
    var pendingGroup: PendingGroup?
    /// Why a batch is refused whole, when the protocol spoken has none (``refusesBatches(_:)``).
    var batchRefusal: String?
  }

  /// The method that starts a session.
  package static let initializeMethod = "initialize"
  /// The method that ends a session.
  package static let shutdownMethod = "shutdown"
  /// The notification that ends the process.
  package static let exitMethod = "exit"

  let configuration: Configuration
  var conventions: Conventions { configuration.conventions }
  let state = Locked(State())
  let send: @Sendable ([UInt8]) -> Void
  /// Writes one outgoing body of a known length straight into the transport's buffer, when the transport can.
  let sendInPlace: SendInPlace?
  let onExit: @Sendable (Int32) -> Void
  let log: @Sendable (String) -> Void
  let hooks = Locked(Hooks())
  /// The members whose numbers are parsed exactly: `id`, and the id a cancellation names.
  let exactNumberKeys: Set<String>
  /// Reads the usual request's envelope in place; anything else goes through the parser.
  let scanner: EnvelopeScanner
  /// Runs the concurrent tasks started inside ``runningTasksOnThisThread(_:)`` on that thread.
  let readerExecutor = ReaderExecutor()

  /// Creates a dispatcher.
  ///
  /// - Parameters:
  ///   - configuration: Limits and lifecycle settings.
  ///   - send: Writes one outgoing message body (compact JSON); the transport frames it.
  ///   - sendInPlace: Optionally, the same for a body of a known length that a closure appends to the transport's
  ///     own buffer (``MessageWriter/enqueue(length:write:)``): an answer then needs no array of its own.
  ///   - onExit: Called once with the exit code when `exit` arrives.
  ///   - log: Receives diagnostics for stderr; never called with params or results.
  package init(
    configuration: Configuration = Configuration(),
    send: @escaping @Sendable ([UInt8]) -> Void,
    sendInPlace: SendInPlace? = nil,
    onExit: @escaping @Sendable (Int32) -> Void = { _ in },
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.configuration = configuration
    exactNumberKeys = ["id", configuration.conventions.cancelledIDMember]
    scanner = EnvelopeScanner(maxDepth: configuration.maxJSONDepth, exactNumberKeys: exactNumberKeys)
    self.send = send
    self.sendInPlace = sendInPlace
    self.onExit = onExit
    self.log = log
  }

  // MARK: - Receiving

  /// Handles one framed message body: a JSON object or a batch array.
  package func receive(_ body: [UInt8]) {
    receive(body[...])
  }

  /// Handles one framed message body (a slice of what was read): a JSON object or a batch array.
  ///
  /// The usual request is read in place (``EnvelopeScanner``); everything else, every error included, is parsed.
  package func receive(_ body: ArraySlice<UInt8>) {
    if let message = body.withUnsafeBufferPointer({ scanner.scan($0) }) {
      handle(message, reply: nil)
      return
    }
    receiveParsed(Array(body))
  }

  /// ``receive(_:)`` through the parser: the general path.
  func receiveParsed(_ body: [UInt8]) {
    let parsed: JSONValue?
    var envelope = IncomingMessage.Envelope()
    do {
      // Ids (and the id a cancellation names) keep a fraction or exponent as sent, to be echoed exactly. A message
      // object's members go straight into its envelope: no dictionary per message. A number beyond a `Double`'s
      // range (`1e400`) is kept as written: the request is still answered with its id, its params refused.
      parsed = try JSONParser.parseMembers(
        body,
        maxDepth: configuration.maxJSONDepth,
        exactNumberKeys: exactNumberKeys,
        keepingNumbersOutOfRange: true
      ) { key, value in envelope.set(key, value) }
    } catch {
      flushGroup()
      log("Parse error: \(error)")
      sendResponse(id: .null, outcome: .failure(presented(.parseError(error))))
      return
    }
    guard let value = parsed else {
      handle(IncomingMessage(envelope), reply: nil)
      return
    }
    guard case .array(let elements) = value else {
      handle(IncomingMessage(value), reply: nil)
      return
    }
    receiveBatch(elements)
  }

  /// Answers a framing fault with a `-32700` error whose id is `null`.
  package func receive(_ error: FramingError) {
    flushGroup()
    log("Framing error: \(error)")
    sendResponse(id: .null, outcome: .failure(presented(.framingError(error))))
  }

  /// Waits until every request and notification received so far has finished and been answered.
  package func drain() async {
    while true {
      let tasks = state.withLock { $0.running.tasks }
      if tasks.isEmpty { return }
      for task in tasks { await task.value }
    }
  }

  /// Cancels every running request; each still answers (with `-32800`).
  package func cancelAll() {
    let tasks = state.withLock { $0.running.tasks }
    for task in tasks { task.cancel() }
  }

  // MARK: - Dispatch

  /// Takes an answer instead of sending it on its own (a batch's collector).
  typealias Reply = @Sendable (RequestID, Result<[UInt8], ResponseError>) -> Void

  /// Answers `id` through `reply`, or on its own (``sendResponse(id:outcome:)``) when there is none: the usual
  /// request needs no closure made for it.
  func answer(_ id: RequestID, _ outcome: Result<[UInt8], ResponseError>, through reply: Reply?) {
    if let reply {
      reply(id, outcome)
    } else {
      sendResponse(id: id, outcome: outcome)
    }
  }

  /// Handles one message; `reply` takes its answer, or `nil` to send it on its own.
  func handle(_ message: IncomingMessage, reply: Reply?) {
    if case .request = message {} else { flushGroup() }  // Requests decide in `handleRequest`.
    switch message {
    case .invalid(let id, let error):
      log("Invalid request: \(error.data?["detail"]?.stringValue ?? error.message)")
      spawn(ordering: .concurrent, id: nil) {
        self.answer(id ?? .null, .failure(self.presented(error)), through: reply)
      }
    case .response(let id, _):
      log("Ignoring a response to unknown request \(id)")
    case .notification(let method, let params):
      handleNotification(method: method, params: params)
    case .request(.null, _, _) where !conventions.acceptsNullID:
      let error = ResponseError.invalidRequest("'id' must be a string or an integer, not null")
      spawn(ordering: .concurrent, id: nil) { self.answer(.null, .failure(self.presented(error)), through: reply) }
    case .request(let id, let method, let params):
      handleRequest(id: id, method: method, params: params, reply: reply)
    }
  }

  /// What becomes of a request, decided under the lock as it arrives.
  private enum Decision {
    case reject(ResponseError)
    case refuseNow(ResponseError)
    case run(RequestHandler?, RequestOrdering, isInitialize: Bool)
    /// Answered on this thread now: nothing exclusive running or waiting, no group pending (one lock hold).
    case now(@Sendable (JSONValue?) throws -> [UInt8])
  }

  /// The decision for a request to `handler` that the lifecycle lets through.
  private func routed(_ handler: RequestHandler, params: JSONValue?, in state: inout State) -> Decision {
    // Requests that can be answered on the spot (`ping`) cost nothing to keep and are never refused.
    if handler.runNow == nil && state.inFlightRequests >= configuration.maxInFlight {
      return .refuseNow(.serverOverloaded(limit: configuration.maxInFlight))
    }
    let ordering = handler.ordering(params)
    if let runNow = handler.runNow, ordering == .concurrent, state.lastExclusive == nil, state.pendingGroup == nil {
      return .now(runNow)
    }
    return .run(handler, ordering, isInitialize: false)
  }

  private func handleRequest(id: RequestID, method: String, params: JSONValue?, reply: Reply?) {
    // Only this thread starts groups, so one seen empty here stays empty: no lock taken to flush it.
    var hasPendingGroup = false
    var checksPhase = true  // Whether the phase may be `uninitialized` when the request runs (see `run`).
    var waitsForInitialize = false  // An `initialize` behind one still running: judged when that one has ended.
    let decision: Decision = state.withLock { state in
      hasPendingGroup = state.pendingGroup != nil
      checksPhase = state.phase == .uninitialized || state.phase == .initializing
      let handler = state.handler(for: method)
      // The usual request, to a handler of a method that is neither `initialize` nor `shutdown` once initialized: the
      // lifecycle's cases below cannot match, so its method is not compared with theirs.
      if state.phase == .initialized, let handler, !handler.isLifecycleMethod {
        return routed(handler, params: params, in: &state)
      }
      switch (state.phase, method) {
      case (.uninitialized, Self.initializeMethod):
        guard let handler else { return .reject(.methodNotFound(method)) }
        state.phase = .initializing
        return .run(handler, .exclusive, isInitialize: true)
      case (.initializing, Self.initializeMethod):
        // Sent before the answer to the first: if that one fails, this one may still succeed.
        guard let handler else { return .reject(.methodNotFound(method)) }
        waitsForInitialize = true
        return .run(handler, .exclusive, isInitialize: true)
      case (_, Self.initializeMethod):
        return .reject(state.phase == .shuttingDown ? .shuttingDown(method) : .alreadyInitialized)
      case (.shuttingDown, _):
        return .reject(.shuttingDown(method))
      case (.uninitialized, _) where !configuration.requestsAllowedBeforeInitialize.contains(method):
        // A method that does not exist does not exist in any phase; others must wait for `initialize`.
        let isShutdown = method == Self.shutdownMethod && conventions.hasShutdown
        if handler == nil && !isShutdown { return .reject(.methodNotFound(method)) }
        return .reject(notInitialized(method))
      case (_, Self.shutdownMethod) where conventions.hasShutdown:
        state.phase = .shuttingDown
        return .run(nil, .exclusive, isInitialize: false)
      default:
        guard let handler else { return .reject(.methodNotFound(method)) }
        return routed(handler, params: params, in: &state)
      }
    }
    if case .now(let runNow) = decision {
      answer(id, runImmediately(method: method, params: params, runNow: runNow), through: reply)
      return
    }
    if case .run(_, _, isInitialize: true) = decision, let decide = hooks.withLock({ $0.batchRefusal }) {
      let refusal = decide(params)
      state.withLock { $0.batchRefusal = refusal }
    }
    if case .run(let handler?, .exclusive, false) = decision, handler.runGroup != nil,
      collect(id: id, method: method, params: params, handler: handler, reply: reply)
    {
      return
    }
    if hasPendingGroup { flushGroup() }
    if case .run(let handler?, .concurrent, false) = decision, let runNow = handler.runNow,
      answerImmediately(id: id, method: method, params: params, runNow: runNow, reply: reply)
    {
      return
    }
    switch decision {
    case .now: break  // Answered above.
    case .refuseNow(let error):
      // No task: a flood of requests past the limit must not queue anything.
      log("Refusing '\(method)': \(configuration.maxInFlight) requests in flight")
      answer(id, .failure(presented(error)), through: reply)
    case .reject(let error):
      guard state.withLock({ $0.running.count }) < configuration.maxInFlight else {
        // Too many tasks already: answer now rather than queue another.
        answer(id, .failure(presented(error)), through: reply)
        return
      }
      // Answered in order: a rejection does not overtake an `initialize` or a write still running.
      spawn(ordering: .concurrent, id: nil) { self.answer(id, .failure(self.presented(error)), through: reply) }
    case .run(let handler, let ordering, let isInitialize):
      // Counted until the answer is handed over, so a client that sends on as soon as it has an answer
      // finds the room it expects.
      let isCounted = handler != nil && !isInitialize
      let slot = handler?.arrivalSlot
      spawn(ordering: ordering, id: id, arrivalSlot: slot, isCounted: isCounted) {
        [checks = checksPhase, waits = waitsForInitialize] sequence in
        if waits, let refusal = self.startInitialize() {
          self.answer(id, .failure(self.presented(refusal)), through: reply)
          return
        }
        let context = RequestContext(  // Made in the task: the reader thread makes no context.
          id: id,
          method: method,
          params: params,
          dispatcher: self,
          arrival: sequence,
          arrivalSlot: slot
        )
        let outcome = await self.run(handler, method: method, params: params, context: context, checksPhase: checks)
        if isCounted { self.state.withLock { $0.inFlightRequests -= 1 } }
        if isInitialize {
          self.state.withLock { state in
            if state.phase == .initializing {
              state.phase = (try? outcome.get()) != nil ? .initialized : .uninitialized
            }
          }
        }
        // MCP: a request the client cancelled is never answered.
        if Task.isCancelled && !self.conventions.answersCancelledRequests { return }
        self.answer(id, outcome, through: reply)
      }
    }
  }
}
