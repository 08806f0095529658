import BeaconSync
import Testing

@testable import JSONRPC

/// A request that waits at the test's gate, then says whether a newer request of its method arrived meanwhile.
private struct DebouncedRequest: RequestType {
  static let method = "test/debounced"
  struct Response: Codable, Sendable {
    var superseded: Bool
  }
}

/// The same, for another method: its arrivals must not supersede `test/debounced`.
private struct OtherDebouncedRequest: RequestType {
  static let method = "test/otherDebounced"
  typealias Response = DebouncedRequest.Response
}

/// A handler registered for `shutdown`: the lifecycle's own `shutdown` must win over it.
private struct ShutdownOverrideRequest: RequestType {
  static let method = "shutdown"
  struct Response: Codable, Sendable {
    var overridden: Bool
  }
}

/// Requests that run as tasks: their bookkeeping (``RunningTasks``), their context made in the task (arrivals kept at
/// a slot per method, the work-done token read when asked for), and the lifecycle's checks skipped for the usual
/// request once initialized.
@Suite struct DispatcherTaskPathTests {
  private static func registerDebounced(on harness: Harness) {
    let gate = harness.gate
    harness.dispatcher.register(DebouncedRequest.self) { _, context in
      await gate.wait()
      return .init(superseded: context.isSuperseded)
    }
    harness.dispatcher.register(OtherDebouncedRequest.self) { _, context in
      await gate.wait()
      return .init(superseded: context.isSuperseded)
    }
  }

  // MARK: Superseded requests

  @Test func onlyANewerRequestOfTheSameMethodSupersedes() async {
    let harness = Harness()
    Self.registerDebounced(on: harness)
    await harness.initialize()
    harness.request("1", "test/debounced")
    harness.request("2", "test/otherDebounced")
    harness.request("3", "test/debounced")
    harness.request("4", "test/otherDebounced")
    harness.request("5", "test/echo", #"{"text":"x"}"#)
    await harness.gate.open()
    #expect(await harness.output.response(1)?["result"] == ["superseded": true])
    #expect(await harness.output.response(2)?["result"] == ["superseded": true])
    #expect(await harness.output.response(3)?["result"] == ["superseded": false])
    #expect(await harness.output.response(4)?["result"] == ["superseded": false])
  }

  @Test func aHandlerRegisteredAgainKeepsItsMethodsArrivals() async {
    let harness = Harness()
    Self.registerDebounced(on: harness)
    await harness.initialize()
    harness.request("1", "test/debounced")
    Self.registerDebounced(on: harness)
    harness.request("2", "test/debounced")
    await harness.gate.open()
    #expect(await harness.output.response(1)?["result"] == ["superseded": true])
    #expect(await harness.output.response(2)?["result"] == ["superseded": false])
  }

  @Test func aGroupedRequestIsSupersededByALaterOne() async {
    let harness = Harness()
    let gate = harness.gate
    harness.dispatcher.register(
      DebouncedExclusiveRequest.self,
      handler: { _, context in
        await gate.wait()
        return .init(superseded: context.isSuperseded)
      },
      group: { requests in requests.map { _ in .success(.init(superseded: false)) } }
    )
    await harness.initialize()
    // Collected as a group of one (its context made when it arrived), then run on its own.
    harness.dispatcher.receive(contentsOf: [request(1, DebouncedExclusiveRequest.method)])
    harness.request("2", DebouncedExclusiveRequest.method)
    await harness.gate.open()
    #expect(await harness.output.response(1)?["result"] == ["superseded": true])
    #expect(await harness.output.response(2)?["result"] == ["superseded": false])
  }

  // MARK: Bookkeeping of many tasks

  @Test func cancellingOneOfManyRunningRequestsAnswersOnlyIt() async {
    let harness = Harness()
    await harness.initialize()
    // More than the bookkeeping's compaction threshold, ended out of order.
    for id in 1...40 { harness.request("\(id)", "test/sleep") }
    #expect(await eventually { harness.recorder.all.count == 40 })
    for id in [20, 1, 2, 40, 3] { harness.notification("$/cancelRequest", #"{"id":\#(id)}"#) }
    for id in [20, 1, 2, 40, 3] { #expect(errorKind(await harness.output.response(.int(id))) == "requestCancelled") }
    #expect(harness.output.responses.count == 6)  // `initialize` and the five cancelled.
    harness.notification("$/cancelRequest", #"{"id":20}"#)  // Ended: ignored.
    harness.dispatcher.cancelAll()
    await harness.dispatcher.drain()
    #expect(harness.output.responses.count == 41)
    #expect(harness.output.responses.count { errorKind($0) == "requestCancelled" } == 40)
  }

  @Test func anExclusiveRequestWaitsForEveryConcurrentOneBeforeIt() async throws {
    let harness = Harness()
    await harness.initialize()
    for id in 2...41 { harness.request("\(id)", "test/gate") }
    harness.request("42", "test/write", #"{"value":5,"delayMilliseconds":0}"#)
    harness.request("43", "test/read")
    try await Task.sleep(for: .milliseconds(200))
    #expect(harness.output.responses.count { $0["id"] == 42 || $0["id"] == 43 } == 0)
    await harness.gate.open()
    #expect(await harness.output.response(43)?["result"] == ["value": 5])
    let order = harness.output.responses.compactMap { $0["id"]?.intValue }
    #expect(order.count == 42)
    #expect(order.suffix(2) == [42, 43])
  }

  @Test func theBookkeepingFindsTasksEndedInAnyOrder() {
    var running = RunningTasks()
    let tasks = (0..<100).map { _ in Task<Void, Never> {} }
    for (sequence, task) in tasks.enumerated() {
      running.append(task, sequence: UInt64(sequence) * 2, isConcurrent: sequence % 3 != 0)
    }
    var left = Set(0..<100)
    var generator = SplitMix(seed: 7)
    for sequence in (0..<100).shuffled(using: &generator) {
      running.remove(sequence: UInt64(sequence) * 2 + 1)  // Never started: nothing changes.
      #expect(running.count == left.count)
      running.remove(sequence: UInt64(sequence) * 2)
      running.remove(sequence: UInt64(sequence) * 2)  // Twice: nothing more changes.
      left.remove(sequence)
      #expect(running.count == left.count)
      #expect(running.tasks == left.sorted().map { tasks[$0] })
      let after = UInt64(50)
      let concurrent = left.filter { $0 % 3 != 0 && UInt64($0) * 2 > after }
      #expect(Set(running.concurrent(after: after)) == Set(concurrent.map { tasks[$0] }))
      #expect(Set(running.concurrent(after: nil)) == Set(left.filter { $0 % 3 != 0 }.map { tasks[$0] }))
    }
    running.append(tasks[0], sequence: 1_000, isConcurrent: true)
    #expect(running.tasks == [tasks[0]])
  }

  // MARK: Bad input on the task path

  @Test func badParamsAndUnknownMethodsAreAnsweredAsBefore() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/echo", #"{"text":5}"#)
    harness.request("2", "test/echo", "[1]")
    harness.request("3", "test/nope", "{}")
    harness.request("4", "test/echo", #"{"text":"ok","workDoneToken":"t"}"#)
    #expect(errorCode(await harness.output.response(1)) == -32602)
    #expect(errorCode(await harness.output.response(2)) == -32602)
    #expect(errorCode(await harness.output.response(3)) == -32601)
    #expect(await harness.output.response(4)?["result"] == ["text": "ok"])
    await harness.dispatcher.drain()
    #expect(harness.output.bodies.count == 5)  // No `$/progress` for a handler that reports none.
  }

  // MARK: The lifecycle for remembered handlers

  @Test func aRegisteredShutdownHandlerNeverReplacesTheLifecycles() async {
    let harness = Harness()
    harness.dispatcher.register(ShutdownOverrideRequest.self) { _, _ in .init(overridden: true) }
    await harness.initialize()
    harness.request("1", "shutdown")
    #expect(await harness.output.response(1)?["result"] == .null)
    harness.request("2", "shutdown")
    #expect(errorKind(await harness.output.response(2)) == "shuttingDown")
  }

  @Test func aRememberedInitializeHandlerIsStillRejectedOnceInitialized() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "initialize")
    harness.request("2", "initialize")
    #expect(errorKind(await harness.output.response(1)) == "alreadyInitialized")
    #expect(errorKind(await harness.output.response(2)) == "alreadyInitialized")
  }

  private func request(_ id: Int, _ method: String) -> [UInt8] {
    Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"}"#.utf8)
  }
}

/// An exclusive request with a group handler.
private struct DebouncedExclusiveRequest: RequestType {
  static let method = "test/debouncedWrite"
  static let ordering = RequestOrdering.exclusive
  typealias Response = DebouncedRequest.Response
}

/// A small seeded generator, so the shuffled order is the same on every run.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
