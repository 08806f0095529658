import BeaconSync
import Testing

@testable import JSONRPC

/// `Dispatcher` through a harness that feeds it raw messages and reads what it writes: the lifecycle, errors, ids,
/// batches, cancellation, progress, ordering and the presentation of errors.
@Suite struct DispatcherTests {
  // MARK: Lifecycle

  @Test func rejectsRequestsBeforeInitialize() async {
    let harness = Harness()
    harness.request("1", "test/echo", #"{"text":"hi"}"#)
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32002)
    #expect(errorKind(response) == "serverNotInitialized")
    #expect(response?["error"]?["data"]?["method"] == "test/echo")
    #expect(response?["result"] == nil)
  }

  @Test func anUnknownMethodIsNotFoundEvenBeforeInitialize() async {
    let harness = Harness()
    harness.request("1", "rpc.nothing")
    #expect(errorCode(await harness.output.response(1)) == -32601)
    harness.request("2", "test/echo", #"{"text":"x"}"#)
    #expect(errorCode(await harness.output.response(2)) == -32002)
  }

  @Test func runsRequestsAllowedBeforeInitialize() async {
    let harness = Harness(configuration: .init(requestsAllowedBeforeInitialize: ["test/echo"]))
    harness.request("1", "test/echo", #"{"text":"early"}"#)
    #expect(await harness.output.response(1)?["result"] == ["text": "early"])
    harness.request("2", "test/slow", #"{"milliseconds":0}"#)
    #expect(errorCode(await harness.output.response(2)) == -32002)
  }

  @Test func rejectionsDoNotOvertakeAnEarlierWrite() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/write", #"{"value":1,"delayMilliseconds":300}"#)
    harness.request("2", "nope/x")
    harness.receive(#"{"jsonrpc":"1.0","id":3,"method":"test/echo"}"#)
    _ = await harness.output.response(3)
    _ = await harness.output.response(2)
    let ids = harness.output.responses.compactMap { $0["id"]?.intValue }
    #expect(ids.first == 1)  // The two rejections are concurrent with each other, but after the write.
    #expect(ids.sorted() == [1, 2, 3])
  }

  @Test func dropsNotificationsBeforeInitialize() async {
    let harness = Harness()
    harness.notification("test/record", #"{"marker":"early"}"#)
    await harness.initialize()
    harness.notification("test/record", #"{"marker":"late"}"#)
    harness.request("2", "test/echo", #"{"text":"x"}"#)
    _ = await harness.output.response(2)
    await harness.dispatcher.drain()
    #expect(harness.recorder.all == ["late"])
    #expect(harness.output.messages.count == 2)
  }

  @Test func answersRequestsAfterInitialize() async {
    let harness = Harness()
    await harness.initialize()
    #expect(harness.dispatcher.phase == .initialized)
    harness.request("1", "test/echo", #"{"text":"æøå 😀"}"#)
    #expect(await harness.output.response(1) == ["jsonrpc": "2.0", "id": 1, "result": ["text": "æøå 😀"]])
  }

  @Test func rejectsASecondInitialize() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("2", "initialize")
    let response = await harness.output.response(2)
    #expect(errorCode(response) == -32600)
    #expect(errorKind(response) == "alreadyInitialized")
  }

  @Test func rejectsAnInitializeSentWhileTheFirstIsRunning() async {
    let harness = Harness()
    harness.request("1", "initialize")
    harness.request("2", "initialize")
    #expect(await harness.output.response(1)?["result"] == [:])
    #expect(errorCode(await harness.output.response(2)) == -32600)
  }

  @Test func aFailedInitializeLeavesTheServerUninitialized() async {
    let harness = Harness()
    harness.request("1", "initialize", #"{"fail":true}"#)
    #expect(errorCode(await harness.output.response(1)) == -32099)
    harness.request("2", "test/echo", #"{"text":"x"}"#)
    #expect(errorCode(await harness.output.response(2)) == -32002)
    harness.request("3", "initialize")
    #expect(await harness.output.response(3)?["result"] == [:])
  }

  @Test func rejectsRequestsAfterShutdown() async {
    let harness = Harness()
    await harness.initialize()
    harness.request(#""bye""#, "shutdown")
    let shutdown = await harness.output.response("bye")
    #expect(shutdown?["result"] == .null)
    #expect(shutdown?["error"] == nil)
    #expect(harness.dispatcher.hasReceivedShutdown)
    harness.request("3", "test/echo", #"{"text":"x"}"#)
    let late = await harness.output.response(3)
    #expect(errorCode(late) == -32600)
    #expect(errorKind(late) == "shuttingDown")
    harness.request("4", "initialize")
    #expect(errorCode(await harness.output.response(4)) == -32600)
    harness.request("5", "shutdown")
    #expect(errorCode(await harness.output.response(5)) == -32600)
  }

  @Test func exitAfterShutdownExitsWithZeroAfterTheShutdownAnswer() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("9", "shutdown")
    harness.notification("exit")
    #expect(await eventually { !harness.output.exitCodes.isEmpty })
    #expect(harness.output.exitCodes == [0])
    // The shutdown answer went out before the process was told to exit.
    let sentBefore = harness.output.exits.first?.sentBefore ?? 0
    #expect(sentBefore == 2)
    #expect(harness.output.responses.contains { $0["id"] == 9 && $0["result"] == .null })
  }

  @Test func exitWithoutShutdownExitsWithOne() async {
    let harness = Harness()
    await harness.initialize()
    harness.notification("exit")
    #expect(await eventually { !harness.output.exitCodes.isEmpty })
    #expect(harness.output.exitCodes == [1])
  }

  @Test func exitBeforeInitializeExitsWithOne() async {
    let harness = Harness()
    harness.notification("exit")
    #expect(await eventually { !harness.output.exitCodes.isEmpty })
    #expect(harness.output.exitCodes == [1])
    #expect(harness.output.bodies.isEmpty)
  }
}
