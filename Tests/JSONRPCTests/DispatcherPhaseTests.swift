import Testing

@testable import JSONRPC

/// An `initialize` that waits at the test's gate, then succeeds or refuses as asked.
private struct GatedInitializeRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "initialize"
  var fail: Bool?
}

/// The lifecycle's check when a request runs: only a request that arrived before `initialize` succeeded can find the
/// session uninitialized then, so only such a request checks the phase in its task (the usual one takes no lock there).
@Suite struct DispatcherPhaseTests {
  private static func gatedHarness() -> Harness {
    let harness = Harness()
    let gate = harness.gate
    harness.dispatcher.register(GatedInitializeRequest.self) { request, _ in
      await gate.wait()
      if request.fail == true { throw ResponseError(code: ErrorCode(rawValue: -32099), message: "Initialize refused") }
      return EmptyResult()
    }
    return harness
  }

  @Test func aRequestQueuedBehindAFailingInitializeIsRefusedWhenItRuns() async {
    let harness = Self.gatedHarness()
    harness.request("1", "initialize", #"{"fail":true}"#)
    // Arrive while `initialize` runs: let through, to wait for it, and checked when they run.
    harness.request("2", "test/echo", #"{"text":"x"}"#)
    harness.request("3", "test/read")
    await harness.gate.open()
    #expect(errorCode(await harness.output.response(1)) == -32099)
    #expect(errorCode(await harness.output.response(2)) == -32002)
    #expect(errorCode(await harness.output.response(3)) == -32002)
    #expect(harness.dispatcher.phase == .uninitialized)
    // After the failure the phase is checked as the requests arrive, and a new `initialize` may still succeed.
    harness.request("4", "test/echo", #"{"text":"x"}"#)
    #expect(errorCode(await harness.output.response(4)) == -32002)
    harness.request("5", "initialize")
    harness.request("6", "test/echo", #"{"text":"y"}"#)
    #expect(await harness.output.response(5)?["result"] == [:])
    #expect(await harness.output.response(6)?["result"] == ["text": "y"])
  }

  /// An `initialize` sent before the answer to a first one is judged when that one has ended: after a failure it
  /// runs (and the requests behind it run initialized), after a success it is refused.
  @Test func anInitializeQueuedBehindAnotherRunsWhenThatOneFailed() async {
    let harness = Self.gatedHarness()
    harness.request("1", "initialize", #"{"fail":true}"#)
    harness.request("2", "test/echo", #"{"text":"x"}"#)
    harness.request("3", "initialize")
    harness.request("4", "test/echo", #"{"text":"y"}"#)
    harness.request("5", "initialize")
    await harness.gate.open()
    #expect(errorCode(await harness.output.response(1)) == -32099)
    #expect(errorCode(await harness.output.response(2)) == -32002)
    #expect(await harness.output.response(3)?["result"] == [:])
    #expect(await harness.output.response(4)?["result"] == ["text": "y"])
    #expect(errorKind(await harness.output.response(5)) == "alreadyInitialized")
    #expect(harness.dispatcher.phase == .initialized)
  }

  @Test func aRequestQueuedBehindASucceedingInitializeRunsAfterIt() async {
    let harness = Self.gatedHarness()
    harness.request("1", "initialize")
    harness.request("2", "test/echo", #"{"text":"x"}"#)
    #expect(harness.output.bodies.isEmpty, "nothing answered before initialize ends")
    await harness.gate.open()
    #expect(await harness.output.response(1)?["result"] == [:])
    #expect(await harness.output.response(2)?["result"] == ["text": "x"])
    #expect(harness.output.responses.map { $0["id"] } == [1, 2], "answered in arrival order")
  }

  @Test func requestsThatArriveInitializedRunAndLaterOnesAfterShutdownAreRefused() async {
    let harness = Self.gatedHarness()
    harness.request("1", "initialize")
    await harness.gate.open()
    #expect(await harness.output.response(1)?["result"] == [:])
    harness.request("2", "test/echo", #"{"text":"x"}"#)
    harness.request("3", "shutdown")
    harness.request("4", "test/echo", #"{"text":"z"}"#)
    #expect(await harness.output.response(2)?["result"] == ["text": "x"])
    #expect(await harness.output.response(3)?["result"] == .null)
    #expect(errorKind(await harness.output.response(4)) == "shuttingDown")
  }
}
