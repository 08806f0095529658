/// Running requests: their tasks, their contexts, and their outcomes with the lifecycle checks and error mapping.
extension Dispatcher {
  /// Runs `body` (the delivery of one read's messages, on the reader thread), then, on this thread, the concurrent
  /// requests and notifications it started, each until it waits for another thread (``ReaderExecutor``): a request
  /// that never does (an offline search) wakes no other thread. Exclusive requests run in the pool as always.
  package func runningTasksOnThisThread(_ body: () -> Void) {
    readerExecutor.run(body)
  }

  /// The context of a request that waits to run in a group; records its arrival for ``RequestContext/isSuperseded``.
  func makeContext(id: RequestID, method: String, params: JSONValue?, handler: RequestHandler) -> RequestContext {
    let arrival = state.withLock { state -> UInt64 in
      let arrival = state.nextSequence
      state.latestArrivals[handler.arrivalSlot] = arrival
      return arrival
    }
    return RequestContext(
      id: id,
      method: method,
      params: params,
      dispatcher: self,
      arrival: arrival,
      arrivalSlot: handler.arrivalSlot
    )
  }

  /// Runs `handler` for one request and maps its outcome; `nil` runs `shutdown`.
  ///
  /// `checksPhase`: whether the request may find the session uninitialized when it runs. Only a request that arrived
  /// before `initialize` succeeded can: the phase goes back to `uninitialized` only from `initializing` (a failed
  /// `initialize`). The usual request, which arrived initialized, passes `false` and takes no lock here; its task
  /// must not take the lock first thing, because the reader thread that started it still holds the lock then (one
  /// contended wait and one wake-up more per request).
  func run(
    _ handler: RequestHandler?,
    method: String,
    params: JSONValue?,
    context: RequestContext,
    checksPhase: Bool = true
  ) async -> Result<[UInt8], ResponseError> {
    if Task.isCancelled { return .failure(presented(.requestCancelled)) }
    // A request queued behind an `initialize` that failed must not run uninitialized. The phase first: the usual
    // request then hashes no method name.
    if checksPhase, state.withLock({ $0.phase }) == .uninitialized, method != Self.initializeMethod,
      !configuration.requestsAllowedBeforeInitialize.contains(method)
    {
      return .failure(presented(notInitialized(method)))
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

  /// Moves an `uninitialized` server to `initializing` for an `initialize` that waited for an earlier one; the error
  /// to answer instead when the earlier one succeeded (or `shutdown` came since).
  func startInitialize() -> ResponseError? {
    state.withLock { state in
      switch state.phase {
      case .uninitialized:
        state.phase = .initializing
        return nil
      case .shuttingDown: return .shuttingDown(Self.initializeMethod)
      default: return .alreadyInitialized
      }
    }
  }

  /// Starts `body` in a task after the tasks it must wait for, and tracks it until it ends.
  func spawn(ordering: RequestOrdering, id: RequestID?, body: @escaping @Sendable () async -> Void) {
    spawn(ordering: ordering, id: id, arrivalSlot: nil, isCounted: false) { _ in await body() }
  }

  /// Starts `body` in a task after the tasks it must wait for, and tracks it until it ends; `body` gets the task's
  /// sequence number, which is also its arrival for ``RequestContext/isSuperseded`` (recorded at `arrivalSlot`).
  /// `isCounted`: the request counts against ``Configuration/maxInFlight`` until `body` says otherwise. One lock hold.
  func spawn(
    ordering: RequestOrdering,
    id: RequestID?,
    arrivalSlot: Int?,
    isCounted: Bool,
    body: @escaping @Sendable (_ sequence: UInt64) async -> Void
  ) {
    state.withLock { state in
      let sequence = state.nextSequence
      state.nextSequence += 1
      if let arrivalSlot { state.latestArrivals[arrivalSlot] = sequence }
      if isCounted { state.inFlightRequests += 1 }
      // No array of dependencies for the usual request: at most the last exclusive one.
      let last = state.lastExclusive
      let concurrent = ordering == .exclusive ? state.running.concurrent(after: state.lastExclusiveSequence) : []
      // A concurrent task started by a reader delivering a read runs on that thread after the delivery; an exclusive
      // one (a write, an import, `initialize`: possibly long without a suspension) in the pool, never blocking reads.
      let here = ordering == .concurrent && readerExecutor.isRunningOnCurrentThread
      let task = Task(executorPreference: here ? readerExecutor : nil) {
        if let last { await last.value }
        for dependency in concurrent { await dependency.value }
        await body(sequence)
        self.state.withLock { state in
          state.running.remove(sequence: sequence)
          if ordering == .exclusive, state.lastExclusiveSequence == sequence { state.lastExclusive = nil }
          if let id, state.requestsByID[id]?.sequence == sequence { state.requestsByID[id] = nil }
        }
      }
      state.running.append(task, sequence: sequence, isConcurrent: ordering == .concurrent)
      if let id { state.requestsByID[id] = RunningRequest(sequence: sequence, task: task) }
      if ordering == .exclusive {
        state.lastExclusive = task
        state.lastExclusiveSequence = sequence
      }
    }
  }
}
