@testable import JSONRPC

// The request and notification types the dispatcher tests register.

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
