extension Dispatcher {
  /// A registered request handler with its params decoding and result encoding erased.
  ///
  /// A class: routing takes it out of the table for every request, one reference rather than four closures.
  final class RequestHandler: Sendable {
    /// The method it handles.
    let method: String
    let ordering: @Sendable (JSONValue?) -> RequestOrdering
    /// Returns the compact JSON text of the result.
    let run: @Sendable (_ params: JSONValue?, _ context: RequestContext) async throws -> [UInt8]
    /// Runs several exclusive requests of the method at once (e.g. one transaction for many writes), one
    /// outcome per request in order; `nil` when the method has no group handler.
    let runGroup: GroupHandler?
    /// Answers at once on the calling thread, for requests that need no waiting (``registerImmediate``).
    let runNow: (@Sendable (_ params: JSONValue?) throws -> [UInt8])?
    /// Where the dispatcher keeps the newest arrival of the method (``State/latestArrivals``).
    let arrivalSlot: Int
    /// Whether the method is `initialize` or `shutdown`, whose requests the lifecycle treats apart.
    let isLifecycleMethod: Bool

    init(
      method: String,
      arrivalSlot: Int,
      ordering: @escaping @Sendable (JSONValue?) -> RequestOrdering,
      runGroup: GroupHandler? = nil,
      runNow: (@Sendable (_ params: JSONValue?) throws -> [UInt8])? = nil,
      run: @escaping @Sendable (_ params: JSONValue?, _ context: RequestContext) async throws -> [UInt8]
    ) {
      self.method = method
      self.arrivalSlot = arrivalSlot
      isLifecycleMethod = method == Dispatcher.initializeMethod || method == Dispatcher.shutdownMethod
      self.ordering = ordering
      self.run = run
      self.runGroup = runGroup
      self.runNow = runNow
    }

    /// The same handler with a group handler.
    func with(runGroup: @escaping GroupHandler) -> RequestHandler {
      RequestHandler(
        method: method,
        arrivalSlot: arrivalSlot,
        ordering: ordering,
        runGroup: runGroup,
        runNow: runNow,
        run: run
      )
    }

    /// The same handler answering at once with `runNow`.
    func with(runNow: @escaping @Sendable (_ params: JSONValue?) throws -> [UInt8]) -> RequestHandler {
      RequestHandler(
        method: method,
        arrivalSlot: arrivalSlot,
        ordering: ordering,
        runGroup: runGroup,
        runNow: runNow,
        run: run
      )
    }
  }
}

extension Dispatcher.State {
  /// The handler of `method`, if any; remembered, so the next request to the same method needs no look-up.
  mutating func handler(for method: String) -> Dispatcher.RequestHandler? {
    if let recent = recentHandler, recent.method == method { return recent.handler }
    let handler = requestHandlers[method]
    if let handler { recentHandler = (method, handler) }
    return handler
  }

  /// The arrival slot of `method`: the one it had before, or a new one.
  mutating func arrivalSlot(for method: String) -> Int {
    if let slot = arrivalSlots[method] { return slot }
    let slot = latestArrivals.count
    latestArrivals.append(0)
    arrivalSlots[method] = slot
    return slot
  }

  /// Registers (or, with `nil`, removes) the handler of `method`.
  mutating func setHandler(_ handler: Dispatcher.RequestHandler?, for method: String) {
    requestHandlers[method] = handler
    recentHandler = nil
  }
}
