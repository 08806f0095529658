extension Dispatcher {
  /// Where the lifecycle stands.
  package enum Phase: Sendable, Equatable {
    case uninitialized
    case initializing
    case initialized
    case shuttingDown
  }

  /// Settings of a dispatcher.
  package struct Configuration: Sendable {
    /// The protocol's lifecycle and cancellation rules.
    package var conventions: Conventions
    /// Requests accepted before `initialize`.
    package var requestsAllowedBeforeInitialize: Set<String>
    /// The deepest JSON nesting accepted in a message.
    package var maxJSONDepth: Int
    /// The most elements accepted in one batch.
    package var maxBatchLength: Int
    /// The most requests running (or waiting to run) and not yet answered; a request beyond it is answered at
    /// once with ``ResponseError/serverOverloaded(limit:)`` instead of being queued, so memory stays bounded
    /// whatever a client pipelines. Errors the dispatcher makes itself are answered without a task once this
    /// many tasks exist; grouped writes (one read's worth) are not counted.
    package var maxInFlight: Int

    /// Creates a configuration.
    package init(
      conventions: Conventions = .languageServer,
      requestsAllowedBeforeInitialize: Set<String> = [],
      maxJSONDepth: Int = JSONParser.defaultMaxDepth,
      maxBatchLength: Int = 10_000,
      maxInFlight: Int = 1024
    ) {
      self.conventions = conventions
      self.requestsAllowedBeforeInitialize = requestsAllowedBeforeInitialize
      self.maxJSONDepth = maxJSONDepth
      self.maxBatchLength = maxBatchLength
      self.maxInFlight = max(1, maxInFlight)
    }
  }
}
