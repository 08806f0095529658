extension Dispatcher {
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
