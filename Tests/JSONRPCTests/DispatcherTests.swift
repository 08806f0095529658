import BeaconSync
import Testing

@testable import JSONRPC

// MARK: - Request and notification types

private struct InitializeRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "initialize"
  var fail: Bool?
}

struct EchoRequest: RequestType {
  typealias Response = EchoResult
  static let method = "test/echo"
  var text: String
}

struct EchoResult: Codable, Sendable {
  var text: String
}

struct Span: Decodable, Sendable {
  var start: Int
  var end: Int
}

struct Filter: Decodable, Sendable {
  var ranges: [Span]
}

struct NestedRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/nested"
  var filter: Filter
}

struct SleepRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/sleep"
}

struct FailRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/fail"
}

struct CrashRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/crash"
}

struct ProgressRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/progress"
  var workDoneToken: JSONValue?
}

struct WriteRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/write"
  static let ordering = RequestOrdering.exclusive
  var value: Int
  var delayMilliseconds: Int
}

struct ReadRequest: RequestType {
  typealias Response = ReadResult
  static let method = "test/read"
  var delayMilliseconds: Int?
}

struct ReadResult: Codable, Sendable {
  var value: Int
}

struct MeetRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/meet"
}

struct GateRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/gate"
}

struct SlowRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/slow"
  var milliseconds: Int
}

struct RecordNotification: NotificationType {
  static let method = "test/record"
  var marker: String
}

struct FailingNotification: NotificationType {
  static let method = "test/failingNotification"
}

struct SecretError: Error, CustomStringConvertible {
  var description: String { "SECRET-7f3a database password hunter2" }
}

// MARK: - Shared state for handlers

actor Store {
  private(set) var value = 0
  func set(_ newValue: Int) { value = newValue }
}

/// Suspends callers until `expected` of them have arrived.
actor Rendezvous {
  private let expected: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(expected: Int) { self.expected = expected }

  func arrive() async {
    arrived += 1
    if arrived >= expected {
      for continuation in waiting { continuation.resume() }
      waiting.removeAll()
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}

/// Suspends callers until the test opens it.
actor Gate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting.removeAll()
  }
}

final class Recorder: Sendable {
  private let entries = Locked<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

// MARK: - Harness

/// Polls `condition` until it holds or a generous deadline passes; returns whether it held.
///
/// 60 s, not 10: a loaded two-core machine running the whole suite in parallel once stalled these tests for 25 s
/// (a CI run where two of them missed a 10 s deadline while every test around them waited as long).
func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(60)
  while !condition() {
    if ContinuousClock.now >= deadline { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}

/// Everything the dispatcher sent and every exit it requested, in order.
final class Output: Sendable {
  private struct Log {
    var bodies: [[UInt8]] = []
    var exits: [(code: Int32, sentBefore: Int)] = []
  }

  private let log = Locked(Log())

  func send(_ body: [UInt8]) { log.withLock { $0.bodies.append(body) } }
  func exit(_ code: Int32) { log.withLock { $0.exits.append((code, $0.bodies.count)) } }

  var bodies: [[UInt8]] { log.withLock { $0.bodies } }
  var texts: [String] { bodies.map { String(decoding: $0, as: UTF8.self) } }
  var exitCodes: [Int32] { log.withLock { $0.exits.map(\.code) } }
  var exits: [(code: Int32, sentBefore: Int)] { log.withLock { $0.exits } }

  /// Every message sent; a body that is not JSON shows up as a string so assertions on it fail.
  var messages: [JSONValue] {
    bodies.map { (try? JSONParser.parse($0)) ?? .string(String(decoding: $0, as: UTF8.self)) }
  }

  /// The responses (objects with an `id` and a `result` or `error`) among the messages.
  var responses: [JSONValue] {
    messages.filter { $0["id"] != nil && ($0["result"] != nil || $0["error"] != nil) }
  }

  /// Waits for the response with `id`.
  func response(_ id: JSONValue) async -> JSONValue? {
    var found: JSONValue?
    _ = await eventually {
      found = responses.first { $0["id"] == id }
      return found != nil
    }
    return found
  }

  /// Waits until at least `count` messages have been sent, and returns them all.
  func messages(count: Int) async -> [JSONValue] {
    _ = await eventually { bodies.count >= count }
    return messages
  }
}

final class Harness: Sendable {
  let dispatcher: Dispatcher
  let output: Output
  let store = Store()
  let recorder = Recorder()
  let rendezvous = Rendezvous(expected: 2)
  let gate = Gate()

  init(configuration: Dispatcher.Configuration = .init()) {
    let output = Output()
    self.output = output
    dispatcher = Dispatcher(
      configuration: configuration,
      send: { output.send($0) },
      onExit: { output.exit($0) }
    )
    registerHandlers()
  }

  private func registerHandlers() {
    let (store, recorder, rendezvous, gate) = (store, recorder, rendezvous, gate)
    dispatcher.register(InitializeRequest.self) { request, _ in
      if request.fail == true {
        throw ResponseError(code: ErrorCode(rawValue: -32099), message: "Initialize refused")
      }
      return EmptyResult()
    }
    dispatcher.register(EchoRequest.self) { request, _ in EchoResult(text: request.text) }
    dispatcher.register(NestedRequest.self) { _, _ in EmptyResult() }
    dispatcher.register(SleepRequest.self) { _, _ in
      recorder.append("sleep started")
      try await Task.sleep(for: .seconds(30))
      return EmptyResult()
    }
    dispatcher.register(FailRequest.self) { _, _ in
      throw ResponseError(code: ErrorCode(rawValue: -32099), message: "Custom failure", data: ["kind": "custom"])
    }
    dispatcher.register(CrashRequest.self) { _, _ in throw SecretError() }
    dispatcher.register(ProgressRequest.self) { _, context in
      context.reportProgress(.begin(title: "Indexing", percentage: 0))
      context.reportProgress(.report(message: "Half way", percentage: 50))
      context.reportProgress(.end(message: "Done"))
      return EmptyResult()
    }
    dispatcher.register(WriteRequest.self) { request, _ in
      try await Task.sleep(for: .milliseconds(request.delayMilliseconds))
      await store.set(request.value)
      return EmptyResult()
    }
    dispatcher.register(ReadRequest.self) { request, _ in
      try await Task.sleep(for: .milliseconds(request.delayMilliseconds ?? 0))
      return ReadResult(value: await store.value)
    }
    dispatcher.register(MeetRequest.self) { _, _ in
      await rendezvous.arrive()
      return EmptyResult()
    }
    dispatcher.register(GateRequest.self) { _, _ in
      await gate.wait()
      return EmptyResult()
    }
    dispatcher.register(SlowRequest.self) { request, _ in
      try await Task.sleep(for: .milliseconds(request.milliseconds))
      return EmptyResult()
    }
    dispatcher.register(RecordNotification.self) { notification in recorder.append(notification.marker) }
    dispatcher.register(FailingNotification.self) { _ in
      recorder.append("failing notification ran")
      throw SecretError()
    }
  }

  func receive(_ text: String) {
    dispatcher.receive(Array(text.utf8))
  }

  /// Sends a request; `id` and `params` are JSON text.
  func request(_ id: String, _ method: String, _ params: String? = nil) {
    let paramsMember = params.map { #","params":\#($0)"# } ?? ""
    receive(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(paramsMember)}"#)
  }

  /// Sends a notification; `params` is JSON text.
  func notification(_ method: String, _ params: String? = nil) {
    let paramsMember = params.map { #","params":\#($0)"# } ?? ""
    receive(#"{"jsonrpc":"2.0","method":"\#(method)"\#(paramsMember)}"#)
  }

  /// Runs `initialize` and waits for its successful answer.
  func initialize() async {
    request(#""init""#, "initialize")
    let response = await output.response("init")
    #expect(response?["result"] == [:], "initialize failed: \(String(describing: response))")
  }
}

func errorCode(_ response: JSONValue?) -> Int? {
  response?["error"]?["code"]?.intValue
}

func errorKind(_ response: JSONValue?) -> String? {
  response?["error"]?["data"]?["kind"]?.stringValue
}

// MARK: - Tests

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

  // MARK: Errors

  @Test func answersUnknownMethodsWithMethodNotFound() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/nothingHere")
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32601)
    #expect(errorKind(response) == "methodNotFound")
    #expect(response?["error"]?["data"]?["method"] == "test/nothingHere")
  }

  @Test(arguments: [
    (#"{"filter":{"ranges":[{"start":1,"end":2},{"start":"one","end":3}]}}"#, "filter.ranges[1].start"),
    (#"{"filter":{"ranges":[{"start":1,"end":2},{"start":3}]}}"#, "filter.ranges[1].end"),
    (#"{"filter":{"ranges":{"start":1}}}"#, "filter.ranges"),
    (#"{"filter":{"ranges":[{"start":1.5,"end":2}]}}"#, "filter.ranges[0].start"),
    (#"{}"#, "filter"),
  ])
  func answersInvalidParamsNamingTheField(params: String, field: String) async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/nested", params)
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32602)
    #expect(errorKind(response) == "invalidParams")
    #expect(response?["error"]?["data"]?["field"] == .string(field))
  }

  @Test func acceptsParamsWhoseIntegersAreWrittenAsWholeDoubles() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/nested", #"{"filter":{"ranges":[{"start":1.0,"end":2e0}]}}"#)
    #expect(await harness.output.response(1)?["result"] == [:])
  }

  @Test func answersByPositionParamsWithInvalidParams() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/echo", #"["text"]"#)
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32602)
    #expect(response?["error"]?["data"]?["field"] == nil)
  }

  @Test func passesAResponseErrorThrownByAHandlerThrough() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/fail")
    let response = await harness.output.response(1)
    #expect(response?["error"] == ["code": -32099, "message": "Custom failure", "data": ["kind": "custom"]])
  }

  @Test func hidesOtherHandlerErrorsBehindInternalError() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/crash")
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32603)
    #expect(errorKind(response) == "internalError")
    #expect(response?["error"]?["message"] == "Internal error")
    #expect(!harness.output.texts.contains { $0.contains("SECRET") || $0.contains("hunter2") })
  }

  @Test func aNotificationWhoseHandlerThrowsProducesNoOutput() async {
    let harness = Harness()
    await harness.initialize()
    harness.notification("test/failingNotification")
    await harness.dispatcher.drain()
    #expect(await eventually { harness.recorder.all == ["failing notification ran"] })
    await harness.dispatcher.drain()
    #expect(harness.output.bodies.count == 1)
  }

  @Test func unknownNotificationsProduceNoOutput() async {
    let harness = Harness()
    await harness.initialize()
    harness.notification("test/unknownNotification", #"{"a":1}"#)
    harness.notification("$/setTrace", #"{"value":"off"}"#)
    harness.request("2", "test/echo", #"{"text":"after"}"#)
    _ = await harness.output.response(2)
    await harness.dispatcher.drain()
    #expect(harness.output.bodies.count == 2)
  }

  @Test func answersAParseErrorWithANullID() async {
    let harness = Harness()
    harness.receive(#"{"jsonrpc":"2.0","id":1,"method":"#)
    let messages = await harness.output.messages(count: 1)
    #expect(messages.count == 1)
    #expect(messages.first?["id"] == .null)
    #expect(errorCode(messages.first) == -32700)
    #expect(errorKind(messages.first) == "parseError")
  }

  @Test func answersJSONNestedBeyondTheLimitWithAParseError() async {
    let harness = Harness(configuration: .init(maxJSONDepth: 4))
    harness.receive(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[[[1]]]}}"#)
    let messages = await harness.output.messages(count: 1)
    #expect(errorCode(messages.first) == -32700)
    #expect(messages.first?["id"] == .null)
  }

  @Test func answersAFramingErrorWithANullID() async {
    let harness = Harness()
    harness.dispatcher.receive(FramingError.duplicateContentLength)
    let messages = await harness.output.messages(count: 1)
    #expect(messages.first?["id"] == .null)
    #expect(errorCode(messages.first) == -32700)
    #expect(messages.first?["error"]?["data"]?["reason"] == "duplicateContentLength")
  }

  @Test func answersAnInvalidRequestWithItsIDWhenItCanBeRead() async {
    let harness = Harness()
    await harness.initialize()
    harness.receive(#"{"id":"no-version","method":"test/echo"}"#)
    harness.receive(#"{"jsonrpc":"2.0","id":true,"method":"test/echo"}"#)
    let versionless = await harness.output.response("no-version")
    #expect(errorCode(versionless) == -32600)
    #expect(await eventually { harness.output.responses.contains { $0["id"] == .null } })
    let badID = harness.output.responses.first { $0["id"] == .null }
    #expect(errorCode(badID) == -32600)
  }

  // MARK: IDs

  @Test(arguments: [
    #""abc""#, #""""#, #""ünï ✓""#, "42", "-1", "0", "null",
    "123456789012345678901234567890", "-98765432109876543210",
  ])
  func echoesTheIDExactly(idText: String) async throws {
    let harness = Harness()
    await harness.initialize()
    harness.request(idText, "test/echo", #"{"text":"x"}"#)
    let id = try JSONParser.parse(Array(idText.utf8))
    let response = await harness.output.response(id)
    #expect(response?["result"] == ["text": "x"])
    #expect(harness.output.texts.contains { $0.hasPrefix(#"{"jsonrpc":"2.0","id":"# + idText + ",") })
  }

  @Test func echoesTheIDOfAnErrorExactly() async {
    let harness = Harness()
    harness.request("123456789012345678901234567890", "test/echo", #"{"text":"x"}"#)
    let response = await harness.output.response(.largeInteger("123456789012345678901234567890"))
    #expect(errorCode(response) == -32002)
    #expect(harness.output.texts.first?.contains(#""id":123456789012345678901234567890,"#) == true)
  }

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
