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

    /// Creates a configuration.
    public init(
      conventions: Conventions = .languageServer,
      requestsAllowedBeforeInitialize: Set<String> = [],
      maxJSONDepth: Int = JSONParser.defaultMaxDepth,
      maxBatchLength: Int = 10_000
    ) {
      self.conventions = conventions
      self.requestsAllowedBeforeInitialize = requestsAllowedBeforeInitialize
      self.maxJSONDepth = maxJSONDepth
      self.maxBatchLength = maxBatchLength
    }
  }
}
