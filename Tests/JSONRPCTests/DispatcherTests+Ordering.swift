import BeaconSync
import Testing

@testable import JSONRPC

/// Ordering, concurrency, and the presentation of errors and notifications.
extension DispatcherTests {
  // MARK: Ordering and concurrency

  @Test func aConcurrentRequestSeesTheWriteOfAnEarlierExclusiveOne() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/write", #"{"value":42,"delayMilliseconds":100}"#)
    harness.request("2", "test/read")
    #expect(await harness.output.response(2)?["result"] == ["value": 42])
    #expect(await harness.output.response(1)?["result"] == [:])
  }

  @Test func anExclusiveRequestWaitsForEarlierConcurrentOnes() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/read", #"{"delayMilliseconds":100}"#)
    harness.request("2", "test/write", #"{"value":7,"delayMilliseconds":0}"#)
    harness.request("3", "test/read")
    #expect(await harness.output.response(1)?["result"] == ["value": 0])
    #expect(await harness.output.response(3)?["result"] == ["value": 7])
  }

  @Test func concurrentRequestsRunAtTheSameTime() async {
    let harness = Harness()
    await harness.initialize()
    // Each handler waits until the other has started: both can only finish if they run concurrently.
    harness.request("1", "test/meet")
    harness.request("2", "test/meet")
    #expect(await harness.output.response(1)?["result"] == [:])
    #expect(await harness.output.response(2)?["result"] == [:])
  }

  @Test func drainReturnsAfterInFlightRequestsAreAnswered() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/slow", #"{"milliseconds":150}"#)
    harness.request("2", "test/slow", #"{"milliseconds":50}"#)
    harness.request("3", "test/write", #"{"value":1,"delayMilliseconds":50}"#)
    await harness.dispatcher.drain()
    let ids = Set(harness.output.responses.compactMap { $0["id"] })
    #expect(ids == ["init", 1, 2, 3])
  }

  // MARK: Presentation and notifications

  @Test func theErrorPresenterRewritesOutgoingErrors() async {
    let harness = Harness()
    harness.dispatcher.setErrorPresenter { error in
      ResponseError(code: error.code, message: "Localized \(error.kind ?? "?")", data: error.data)
    }
    harness.request("1", "test/echo", #"{"text":"x"}"#)
    let early = await harness.output.response(1)
    #expect(early?["error"]?["message"] == "Localized serverNotInitialized")
    #expect(errorCode(early) == -32002)
    await harness.initialize()
    harness.request("2", "test/missing")
    let missing = await harness.output.response(2)
    #expect(missing?["error"]?["message"] == "Localized methodNotFound")
    #expect(errorCode(missing) == -32601)
    #expect(errorKind(missing) == "methodNotFound")
    harness.request("3", "test/echo", #"{"text":"ok"}"#)
    #expect(await harness.output.response(3)?["result"] == ["text": "ok"])
    // What a handler throws is already final and passes untouched; what the dispatcher makes is presented.
    harness.request("4", "test/fail")
    #expect(await harness.output.response(4)?["error"]?["message"] == "Custom failure")
    harness.request("5", "test/echo", #"{"text":5}"#)
    #expect(await harness.output.response(5)?["error"]?["message"] == "Localized invalidParams")
  }

  @Test func protocolErrorsAHandlerThrowsAsMadeHereArePresentedToo() async {
    struct Unfinished: RequestType {
      typealias Response = EmptyResult
      static let method = "test/unfinished"
    }
    let harness = Harness()
    harness.dispatcher.register(Unfinished.self) { _, _ in throw ResponseError.internalError }
    harness.dispatcher.setErrorPresenter { error in
      ResponseError(code: error.code, message: "Localized \(error.kind ?? "?")", data: error.data)
    }
    await harness.initialize()
    harness.request("1", "test/unfinished")
    #expect(await harness.output.response(1)?["error"]?["message"] == "Localized internalError")
    // Params by position are an invalid-params fault like any other, said by the presenter.
    harness.request("2", "test/echo", #"[1]"#)
    let byPosition = await harness.output.response(2)
    #expect(byPosition?["error"]?["message"] == "Localized invalidParams")
    #expect(errorCode(byPosition) == -32602)
  }

  @Test func sendsNotificationsAsCompactJSON() {
    let harness = Harness()
    harness.dispatcher.notify("window/logMessage", params: ["type": 3, "message": "line\nbreak"])
    let expected = #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"message":"line\nbreak","type":3}}"#
    #expect(harness.output.texts == [expected])
  }

  @Test func listsRegisteredRequestMethodsWithShutdown() {
    let methods = Harness().dispatcher.requestMethods
    #expect(methods.contains("shutdown"))
    #expect(methods.contains("test/echo"))
    #expect(methods == methods.sorted())
  }
}
