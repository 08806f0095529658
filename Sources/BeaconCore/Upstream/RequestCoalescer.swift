/// Turns identical concurrent requests into one: the second caller awaits the first caller's result.
public actor RequestCoalescer<Value: Sendable> {
  private var inFlight: [String: Task<Result<Value, BeaconError>, Never>] = [:]

  /// Creates a coalescer.
  public init() {}

  /// Runs `work` for `key`, or joins the run already going for the same key.
  public func run(
    key: String,
    _ work: @escaping @Sendable () async -> Result<Value, BeaconError>
  ) async -> Result<Value, BeaconError> {
    if let running = inFlight[key] { return await running.value }
    let task = Task { await work() }
    inFlight[key] = task
    let result = await task.value
    inFlight[key] = nil
    return result
  }
}
