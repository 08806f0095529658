extension Dispatcher {
  /// Where the lifecycle stands.
  public enum Phase: Sendable, Equatable {
    case uninitialized
    case initializing
    case initialized
    case shuttingDown
  }

  /// Settings of a dispatcher.
  public struct Configuration: Sendable {
    /// The protocol's lifecycle and cancellation rules.
    public var conventions: Conventions
    /// Requests accepted before `initialize`.
    public var requestsAllowedBeforeInitialize: Set<String>
    /// The deepest JSON nesting accepted in a message.
    public var maxJSONDepth: Int
    /// The most elements accepted in one batch.
    public var maxBatchLength: Int
    /// The most requests running (or waiting to run) and not yet answered; a request beyond it is answered at
    /// once with ``ResponseError/serverOverloaded(limit:)`` instead of being queued, so memory stays bounded
    /// whatever a client pipelines. Errors the dispatcher makes itself are answered without a task once this
    /// many tasks exist; grouped writes (one read's worth) are not counted.
    public var maxInFlight: Int

    /// Creates a configuration.
    public init(
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
