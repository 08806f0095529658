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
    /// Requests accepted before `initialize`.
    public var requestsAllowedBeforeInitialize: Set<String>
    /// The deepest JSON nesting accepted in a message.
    public var maxJSONDepth: Int
    /// The most elements accepted in one batch.
    public var maxBatchLength: Int

    /// Creates a configuration.
    public init(
      requestsAllowedBeforeInitialize: Set<String> = [],
      maxJSONDepth: Int = JSONParser.defaultMaxDepth,
      maxBatchLength: Int = 10_000
    ) {
      self.requestsAllowedBeforeInitialize = requestsAllowedBeforeInitialize
      self.maxJSONDepth = maxJSONDepth
      self.maxBatchLength = maxBatchLength
    }
  }
}
