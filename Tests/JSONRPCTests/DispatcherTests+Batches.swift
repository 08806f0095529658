import BeaconSync
import Testing

@testable import JSONRPC

/// Batches, cancellation and progress.
extension DispatcherTests {
  // MARK: Batches

  @Test func answersAnEmptyBatchWithOneErrorObject() async {
    let harness = Harness()
    await harness.initialize()
    harness.receive("[]")
    let messages = await harness.output.messages(count: 2)
    #expect(messages.count == 2)
    let answer = messages.last
    #expect(answer?.objectValue != nil)
    #expect(answer?["id"] == .null)
    #expect(errorCode(answer) == -32600)
    #expect(harness.output.bodies.last?.first == UInt8(ascii: "{"))
  }

  @Test func answersAMixedBatchWithOneArray() async {
    let harness = Harness()
    await harness.initialize()
    harness.receive(
      """
      [
        {"jsonrpc":"2.0","id":1,"method":"test/echo","params":{"text":"one"}},
        {"jsonrpc":"2.0","method":"test/record","params":{"marker":"batched"}},
        {"jsonrpc":"2.0","id":"two","method":"test/echo","params":{"text":"two"}},
        {"foo":1},
        {"jsonrpc":"2.0","id":3,"method":"test/missing"}
      ]
      """
    )
    let messages = await harness.output.messages(count: 2)
    await harness.dispatcher.drain()
    #expect(harness.output.bodies.count == 2)
    guard let answers = messages.last?.arrayValue else {
      Issue.record("Expected an array, got \(String(describing: messages.last))")
      return
    }
    #expect(answers.count == 4)
    let byID = Dictionary(answers.map { ($0["id"]?.description ?? "?", $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byID["1"]?["result"] == ["text": "one"])
    #expect(byID[#""two""#]?["result"] == ["text": "two"])
    #expect(errorCode(byID["null"]) == -32600)
    #expect(errorCode(byID["3"]) == -32601)
    #expect(harness.recorder.all == ["batched"])
  }

  @Test func sendsNothingForABatchOfNotifications() async {
    let harness = Harness()
    await harness.initialize()
    harness.receive(
      #"[{"jsonrpc":"2.0","method":"test/record","params":{"marker":"a"}},"#
        + #"{"jsonrpc":"2.0","method":"test/record","params":{"marker":"b"}}]"#
    )
    await harness.dispatcher.drain()
    #expect(await eventually { harness.recorder.all.count == 2 })
    #expect(Set(harness.recorder.all) == ["a", "b"])
    #expect(harness.output.bodies.count == 1)
  }

  @Test func answersInvalidBatchElementsInOneArray() async {
    let harness = Harness()
    await harness.initialize()
    harness.receive("[1,2]")
    let messages = await harness.output.messages(count: 2)
    guard let answers = messages.last?.arrayValue else {
      Issue.record("Expected an array, got \(String(describing: messages.last))")
      return
    }
    #expect(answers.count == 2)
    for answer in answers {
      #expect(answer["id"] == .null)
      #expect(errorCode(answer) == -32600)
    }
  }

  @Test func rejectsABatchLongerThanTheLimit() async {
    let harness = Harness(configuration: .init(maxBatchLength: 2))
    await harness.initialize()
    harness.receive("[1,2,3]")
    let messages = await harness.output.messages(count: 2)
    #expect(messages.last?.objectValue != nil)
    #expect(errorCode(messages.last) == -32600)
  }

  // MARK: Cancellation

  @Test(arguments: ["7", #""seven""#])
  func cancelsARunningRequestWithExactlyOneAnswer(idText: String) async throws {
    let harness = Harness()
    await harness.initialize()
    harness.request(idText, "test/sleep")
    #expect(await eventually { harness.recorder.all.contains("sleep started") })
    harness.notification("$/cancelRequest", #"{"id":\#(idText)}"#)
    let id = try JSONParser.parse(Array(idText.utf8))
    let response = await harness.output.response(id)
    #expect(errorCode(response) == -32800)
    #expect(errorKind(response) == "requestCancelled")
    await harness.dispatcher.drain()
    try await Task.sleep(for: .milliseconds(100))
    #expect(harness.output.responses.count { $0["id"] == id } == 1)
    #expect(harness.output.bodies.count == 2)
  }

  @Test func ignoresCancellationOfUnknownIDs() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("5", "test/gate")
    harness.notification("$/cancelRequest", #"{"id":999}"#)
    harness.notification("$/cancelRequest", #"{"id":"5"}"#)
    harness.notification("$/cancelRequest", #"{"id":true}"#)
    harness.notification("$/cancelRequest")
    await harness.gate.open()
    let response = await harness.output.response(5)
    #expect(response?["result"] == [:])
    await harness.dispatcher.drain()
    #expect(harness.output.bodies.count == 2)
  }

  @Test func cancelAllAnswersEveryRunningRequest() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/sleep")
    harness.request("2", "test/sleep")
    #expect(await eventually { harness.recorder.all.count == 2 })
    harness.dispatcher.cancelAll()
    #expect(errorCode(await harness.output.response(1)) == -32800)
    #expect(errorCode(await harness.output.response(2)) == -32800)
  }

  // MARK: Progress

  @Test(arguments: [#""tok-1""#, "42"])
  func reportsProgressWithTheWorkDoneToken(tokenText: String) async throws {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/progress", #"{"workDoneToken":\#(tokenText)}"#)
    _ = await harness.output.response(1)
    let token = try JSONParser.parse(Array(tokenText.utf8))
    let messages = Array(harness.output.messages.dropFirst())
    #expect(messages.count == 4)
    let progress = messages.prefix(3)
    #expect(progress.allSatisfy { $0["method"] == "$/progress" && $0["jsonrpc"] == "2.0" && $0["id"] == nil })
    #expect(progress.allSatisfy { $0["params"]?["token"] == token })
    #expect(progress.map { $0["params"]?["value"]?["kind"] } == ["begin", "report", "end"])
    #expect(progress.first?["params"]?["value"]?["title"] == "Indexing")
    #expect(messages.last?["id"] == 1)
  }

  @Test func sendsNoProgressWithoutAToken() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/progress", #"{}"#)
    #expect(await harness.output.response(1)?["result"] == [:])
    await harness.dispatcher.drain()
    #expect(harness.output.bodies.count == 2)
    #expect(!harness.output.messages.contains { $0["method"] == "$/progress" })
  }
}
