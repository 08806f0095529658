/// Registration of handlers and hooks, and what the dispatcher can say about them.
extension Dispatcher {
  /// Registers the handler of requests of type `R`; a later registration for the same method replaces it.
  package func register<R: RequestType>(
    _ type: R.Type,
    handler: @escaping @Sendable (R, RequestContext) async throws -> R.Response
  ) {
    let run: @Sendable (JSONValue?, RequestContext) async throws -> [UInt8] = { params, context in
      let request = try Self.decodeParams(R.self, from: params)
      let response = try await handler(request, context)
      return try JSONStreamEncoder().encode(response)
    }
    state.withLock { state in
      let slot = state.arrivalSlot(for: R.method)
      let erased = RequestHandler(method: R.method, arrivalSlot: slot, ordering: { R.ordering(for: $0) }, run: run)
      state.setHandler(erased, for: R.method)
    }
  }

  /// Registers the handler of notifications of type `N`.
  package func register<N: NotificationType>(_ type: N.Type, handler: @escaping @Sendable (N) async throws -> Void) {
    state.withLock {
      $0.notificationHandlers[N.method] = { params in
        try await handler(try Self.decodeParams(N.self, from: params))
      }
    }
  }

  /// Sets what runs when `shutdown` arrives, after every earlier request has finished.
  package func onShutdown(_ hook: @escaping @Sendable () async -> Void) {
    hooks.withLock { $0.shutdown = hook }
  }

  /// Sets the function that rewrites the errors the dispatcher makes (not those handlers throw), e.g. to
  /// localize `message` by `data.kind`.
  package func setErrorPresenter(_ present: @escaping @Sendable (ResponseError) -> ResponseError) {
    hooks.withLock { $0.present = present }
  }

  /// The registered request methods, sorted, including the built-in `shutdown` where it exists.
  package var requestMethods: [String] {
    let builtIn = conventions.hasShutdown ? [Self.shutdownMethod] : []
    return state.withLock { Array($0.requestHandlers.keys) + builtIn }.sorted()
  }

  /// Where the lifecycle stands.
  package var phase: Phase { state.withLock { $0.phase } }

  /// Whether `shutdown` has been received.
  package var hasReceivedShutdown: Bool { phase == .shuttingDown }
}
