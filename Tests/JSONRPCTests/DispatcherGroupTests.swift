import BeaconSync
import Testing

@testable import JSONRPC

/// An exclusive request whose method has a group handler: appends `value` to a log.
struct AppendRequest: RequestType {
  typealias Response = AppendResult
  static let method = "test/append"
  static let ordering = RequestOrdering.exclusive
  var value: Int
}

struct AppendResult: Codable, Sendable, Equatable {
  /// How long the log was after this value was appended.
  var length: Int
}

/// Reads the log's length.
struct LengthRequest: RequestType {
  typealias Response = AppendResult
  static let method = "test/length"
}

/// Group commit in the dispatcher: runs of grouped requests that arrive together go to the group handler in
/// one call, keep their order against everything else, and are each answered once.
@Suite struct DispatcherGroupTests {
  final class Log: Sendable {
    private let state = Locked<(values: [Int], groups: [[Int]], singles: Int)>(([], [], 0))
    func appendGroup(_ values: [Int]) -> [Int] {
      state.withLock { state in
        state.groups.append(values)
        return values.map { value in
          state.values.append(value)
          return state.values.count
        }
      }
    }
    func appendSingle(_ value: Int) -> Int {
      state.withLock { state in
        state.singles += 1
        state.values.append(value)
        return state.values.count
      }
    }
    var values: [Int] { state.withLock { $0.values } }
    var groups: [[Int]] { state.withLock { $0.groups } }
    var singles: Int { state.withLock { $0.singles } }
  }

  static func harness() async -> (Harness, Log) {
    let harness = Harness()
    let log = Log()
    harness.dispatcher.register(AppendRequest.self) { request, _ in
      AppendResult(length: log.appendSingle(request.value))
    } group: { requests in
      guard requests.allSatisfy({ $0.value >= 0 }) else {
        return requests.map { _ in .failure(ResponseError(code: ErrorCode(rawValue: -32099), message: "negative")) }
      }
      return log.appendGroup(requests.map(\.value)).map { .success(AppendResult(length: $0)) }
    }
    harness.dispatcher.register(LengthRequest.self) { _, _ in AppendResult(length: log.values.count) }
    await harness.initialize()
    return (harness, log)
  }

  static func body(_ id: Int, _ method: String, _ params: String) -> [UInt8] {
    Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)
  }

  @Test func aRunOfGroupedRequestsIsOneCallAnsweredInOrderBeforeTheReadAfterIt() async {
    let (harness, log) = await Self.harness()
    let bodies =
      (1...5).map { Self.body($0, "test/append", #"{"value":\#($0 * 10)}"#) }
      + [Self.body(6, "test/length", "{}")]
    harness.dispatcher.receive(contentsOf: bodies)
    let messages = await harness.output.messages(count: 7)
    #expect(log.groups == [[10, 20, 30, 40, 50]])
    #expect(log.singles == 0)
    let answers = messages.filter { $0["id"] != "init" }
    #expect(answers.map { $0["id"]?.intValue } == [1, 2, 3, 4, 5, 6])
    #expect(answers.map { $0["result"]?["length"]?.intValue } == [1, 2, 3, 4, 5, 5])
  }

  @Test func anotherMethodBetweenThemSplitsTheRunAndKeepsItsPlace() async {
    let (harness, log) = await Self.harness()
    harness.dispatcher.receive(contentsOf: [
      Self.body(1, "test/append", #"{"value":1}"#),
      Self.body(2, "test/append", #"{"value":2}"#),
      Self.body(3, "test/length", "{}"),
      Self.body(4, "test/append", #"{"value":3}"#),
    ])
    let messages = await harness.output.messages(count: 5)
    #expect(log.groups == [[1, 2]])
    #expect(log.singles == 1)  // A run of one runs as a single request.
    #expect(log.values == [1, 2, 3])
    let length = messages.first { $0["id"] == 3 }
    #expect(length?["result"]?["length"] == 2)
  }

  @Test func badParamsFailOnlyThatRequest() async {
    let (harness, log) = await Self.harness()
    harness.dispatcher.receive(contentsOf: [
      Self.body(1, "test/append", #"{"value":1}"#),
      Self.body(2, "test/append", #"{"value":"two"}"#),
      Self.body(3, "test/append", #"{"value":3}"#),
    ])
    let messages = await harness.output.messages(count: 4)
    #expect(log.groups == [[1, 3]])
    #expect(errorCode(messages.first { $0["id"] == 2 }) == -32602)
    #expect(messages.first { $0["id"] == 3 }?["result"]?["length"] == 2)
  }

  @Test func groupFailuresAnswerEveryMemberExactlyOnce() async {
    let (harness, _) = await Self.harness()
    harness.dispatcher.receive(contentsOf: [
      Self.body(1, "test/append", #"{"value":1}"#),
      Self.body(2, "test/append", #"{"value":-2}"#),
    ])
    let messages = await harness.output.messages(count: 3)
    try? await Task.sleep(for: .milliseconds(50))
    #expect(harness.output.messages.count == 3)
    #expect(messages.filter { errorCode($0) == -32099 }.count == 2)
  }

  @Test func messagesReceivedOneByOneAreNeverGrouped() async {
    let (harness, log) = await Self.harness()
    for id in 1...3 { harness.dispatcher.receive(Self.body(id, "test/append", #"{"value":\#(id)}"#)) }
    _ = await harness.output.messages(count: 4)
    #expect(log.groups.isEmpty)
    #expect(log.singles == 3)
  }

  @Test func aReadsFramingFaultSplitsItsRunAndALoneRequestRunsOnItsOwn() async {
    // What the connection's reader hands over for one read: runs between faults grouped, the fault answered.
    let (harness, log) = await Self.harness()
    var read = Connection.Read()
    for value in 1...2 { read.add(.message(Self.body(value, "test/append", #"{"value":\#(value)}"#))) }
    read.add(.error(.zeroContentLength))
    for value in 3...4 { read.add(.message(Self.body(value, "test/append", #"{"value":\#(value)}"#))) }
    read.deliver(to: harness.dispatcher)
    let messages = await harness.output.messages(count: 6)
    #expect(log.groups == [[1, 2], [3, 4]])
    #expect(messages.filter { $0["id"] == .null }.count == 1)
    read.removeAll()
    read.add(.message(Self.body(5, "test/append", #"{"value":5}"#)))
    read.deliver(to: harness.dispatcher)
    _ = await harness.output.messages(count: 7)
    #expect(log.groups.count == 2)
    #expect(log.singles == 1)
    #expect(log.values == [1, 2, 3, 4, 5])
  }

  @Test func aGroupBeforeInitializeIsRefusedMemberByMember() async {
    let harness = Harness()
    let log = Log()
    harness.dispatcher.register(AppendRequest.self) { request, _ in
      AppendResult(length: log.appendSingle(request.value))
    } group: { requests in
      log.appendGroup(requests.map(\.value)).map { .success(AppendResult(length: $0)) }
    }
    harness.dispatcher.receive(contentsOf: [
      Self.body(1, "test/append", #"{"value":1}"#),
      Self.body(2, "test/append", #"{"value":2}"#),
    ])
    let messages = await harness.output.messages(count: 2)
    #expect(messages.map(errorCode) == [-32002, -32002])
    #expect(log.values.isEmpty)
  }
}
