/// Running one request: its context, and its outcome with the lifecycle checks and error mapping.
extension Dispatcher {
  /// The context of a request that is about to run; records its arrival for ``RequestContext/isSuperseded``.
  func makeContext(id: RequestID, method: String, params: JSONValue?) -> RequestContext {
    let arrival = state.withLock { state -> UInt64 in
      let arrival = state.nextSequence
      state.latestArrival[method] = arrival
      return arrival
    }
    return RequestContext(
      id: id,
      method: method,
      workDoneToken: params?["workDoneToken"],
      notify: { [weak self] method, params in self?.notify(method, params: params) },
      isSuperseded: { [weak self] in
        guard let self else { return false }
        return self.state.withLock { ($0.latestArrival[method] ?? 0) > arrival }
      }
    )
  }

  func run(
    _ handler: RequestHandler?,
    method: String,
    params: JSONValue?,
    context: RequestContext
  ) async -> Result<[UInt8], ResponseError> {
    if Task.isCancelled { return .failure(presented(.requestCancelled)) }
    if method != Self.initializeMethod, !configuration.requestsAllowedBeforeInitialize.contains(method) {
      // A request queued behind an `initialize` that failed must not run uninitialized.
      if state.withLock({ $0.phase }) == .uninitialized { return .failure(presented(notInitialized(method))) }
    }
    do {
      let result: [UInt8]
      if let handler {
        result = try await handler.run(params, context)
      } else {
        if let hook = hooks.withLock({ $0.shutdown }) { await hook() }
        result = Array("null".utf8)
      }
      return Task.isCancelled ? .failure(presented(.requestCancelled)) : .success(result)
    } catch {
      return .failure(Task.isCancelled ? presented(.requestCancelled) : responseError(for: error, method: method))
    }
  }
}
