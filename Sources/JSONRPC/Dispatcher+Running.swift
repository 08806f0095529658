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

  /// Starts `body` in a task after the tasks it must wait for, and tracks it until it ends.
  func spawn(ordering: RequestOrdering, id: RequestID?, body: @escaping @Sendable () async -> Void) {
    state.withLock { state in
      let sequence = state.nextSequence
      state.nextSequence += 1
      var dependencies: [Task<Void, Never>] = []
      if let last = state.lastExclusive { dependencies.append(last) }
      if ordering == .exclusive { dependencies.append(contentsOf: state.concurrentSinceExclusive.values) }
      let task = Task {
        for dependency in dependencies { await dependency.value }
        await body()
        self.state.withLock { state in
          state.running[sequence] = nil
          state.concurrentSinceExclusive[sequence] = nil
          if ordering == .exclusive, state.lastExclusiveSequence == sequence { state.lastExclusive = nil }
          if let id, state.requestsByID[id]?.sequence == sequence { state.requestsByID[id] = nil }
        }
      }
      state.running[sequence] = task
      if let id { state.requestsByID[id] = RunningRequest(sequence: sequence, task: task) }
      switch ordering {
      case .exclusive:
        state.lastExclusive = task
        state.lastExclusiveSequence = sequence
        state.concurrentSinceExclusive.removeAll()
      case .concurrent:
        state.concurrentSinceExclusive[sequence] = task
      }
    }
  }
}
