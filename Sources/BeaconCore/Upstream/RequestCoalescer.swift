import BeaconSync

/// Turns identical concurrent requests into one: later callers await the first caller's run.
///
/// The shared run is not tied to any one caller: a caller that is cancelled stops waiting at once (and
/// gets ``UpstreamFault/unavailable(reason:)`` from its service with reason `cancelled`), while the run goes on for
/// the others and is forgotten when it ends. When the last caller waiting for it is cancelled, nobody wants the
/// answer any more: the run is cancelled too (which cancels its HTTP request) and forgotten.
package actor RequestCoalescer<Value: Sendable> {
  private typealias Run = Task<Result<Value, BeaconError>, Never>
  private var inFlight: [String: (token: UInt64, run: Run, waiters: Int)] = [:]
  private var nextToken: UInt64 = 0
  private let service: UpstreamService

  /// Creates a coalescer for requests to `service`.
  package init(service: UpstreamService = .geoapify) {
    self.service = service
  }

  /// Runs `work` for `key`, or joins the run already going for the same key.
  package func run(
    key: String,
    _ work: @escaping @Sendable () async -> Result<Value, BeaconError>
  ) async -> Result<Value, BeaconError> {
    let run: Run
    let token: UInt64
    if let running = inFlight[key] {
      run = running.run
      token = running.token
      inFlight[key]?.waiters += 1
    } else {
      token = nextToken
      nextToken += 1
      // The run forgets itself before it completes, so a call that comes after its result starts anew.
      run = Task {
        let result = await work()
        self.finished(key: key, token: token)  // The task runs on this actor.
        return result
      }
      inFlight[key] = (token, run, 1)
    }
    let value = await Self.value(of: run)
    if let entry = inFlight[key], entry.token == token {
      inFlight[key]?.waiters -= 1
      if value == nil, entry.waiters == 1 {
        // The last caller gave up: stop the work nobody waits for.
        entry.run.cancel()
        inFlight[key] = nil
      }
    }
    return value ?? .failure(.upstream(service, .unavailable(reason: "cancelled")))
  }

  /// How many callers wait for the run for `key` (for tests).
  func waiters(for key: String) -> Int {
    inFlight[key]?.waiters ?? 0
  }

  private func finished(key: String, token: UInt64) {
    if inFlight[key]?.token == token { inFlight[key] = nil }
  }

  /// The task's value, or `nil` as soon as the calling task is cancelled.
  private static func value(of task: Task<Result<Value, BeaconError>, Never>) async -> Result<Value, BeaconError>? {
    let waiter = Waiter()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard waiter.install(continuation) else { return }
        Task { waiter.resume(with: await task.value) }
      }
    } onCancel: {
      waiter.resume(with: nil)
    }
  }

  /// One waiting caller's continuation, resumed exactly once: by the result or by cancellation.
  private final class Waiter: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Result<Value, BeaconError>?, Never>?
      var isDone = false
    }
    private let state = Locked(State())

    /// Stores the continuation; returns `false` (after resuming it with `nil`) when cancellation came first.
    func install(_ continuation: CheckedContinuation<Result<Value, BeaconError>?, Never>) -> Bool {
      let alreadyDone = state.withLock { state -> Bool in
        if state.isDone { return true }
        state.continuation = continuation
        return false
      }
      if alreadyDone { continuation.resume(returning: nil) }
      return !alreadyDone
    }

    func resume(with result: Result<Value, BeaconError>?) {
      let continuation = state.withLock { state -> CheckedContinuation<Result<Value, BeaconError>?, Never>? in
        if state.isDone { return nil }
        state.isDone = true
        defer { state.continuation = nil }
        return state.continuation
      }
      continuation?.resume(returning: result)
    }
  }
}
