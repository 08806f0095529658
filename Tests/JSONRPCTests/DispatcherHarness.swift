import BeaconSync
import Testing

@testable import JSONRPC

/// The `initialize` request of the harness; `fail` makes it refuse.
private struct InitializeRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "initialize"
  var fail: Bool?
}

/// Polls `condition` until it holds or a generous deadline passes; returns whether it held.
///
/// 900 s, not 10: a loaded two-core machine running the whole suite in parallel once stalled these tests for 25 s,
/// and under AddressSanitizer every test of a bundle starts at once and the last finish after 300–360 s (a deadline
/// that only a hang should reach, not a goal).
func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(900)
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
