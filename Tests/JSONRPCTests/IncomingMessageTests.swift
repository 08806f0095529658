import Testing

@testable import JSONRPC

@Suite struct IncomingMessageTests {
  /// Classifies `text` parsed as the dispatcher parses it (ids kept exactly).
  private func classify(_ text: String) throws -> IncomingMessage {
    IncomingMessage(
      try JSONParser.parse(Array(text.utf8), maxDepth: JSONParser.defaultMaxDepth, exactNumberKeys: ["id"])
    )
  }

  /// The id and error kind of an invalid message, or `nil` when the message is valid.
  private func invalid(_ text: String) throws -> (id: RequestID?, error: ResponseError)? {
    guard case .invalid(let id, let error) = try classify(text) else { return nil }
    return (id, error)
  }

  @Test func classifiesARequest() throws {
    let message = try classify(#"{"jsonrpc":"2.0","id":1,"method":"places/search","params":{"q":"x"}}"#)
    #expect(message == .request(id: .integer(1), method: "places/search", params: ["q": "x"]))
  }

  @Test func classifiesARequestWithArrayParams() throws {
    let message = try classify(#"{"jsonrpc":"2.0","id":"a","method":"m","params":[1,2]}"#)
    #expect(message == .request(id: .string("a"), method: "m", params: [1, 2]))
  }

  @Test func classifiesANotification() throws {
    let message = try classify(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(message == .notification(method: "exit", params: nil))
  }

  @Test func classifiesASuccessResponse() throws {
    let message = try classify(#"{"jsonrpc":"2.0","id":3,"result":{"ok":true}}"#)
    #expect(message == .response(id: .integer(3), result: .success(["ok": true])))
  }

  @Test func classifiesAnErrorResponse() throws {
    let message = try classify(#"{"jsonrpc":"2.0","id":"x","error":{"code":-32000,"message":"Nope","data":[1]}}"#)
    let error = ResponseError(code: ErrorCode(rawValue: -32000), message: "Nope", data: [1])
    #expect(message == .response(id: .string("x"), result: .failure(error)))
  }

  @Test func classifiesANullResultAsASuccessResponse() throws {
    let message = try classify(#"{"jsonrpc":"2.0","id":3,"result":null}"#)
    #expect(message == .response(id: .integer(3), result: .success(.null)))
  }

  @Test(arguments: [
    (#""abc""#, RequestID.string("abc")),
    (#""""#, .string("")),
    ("7", .integer(7)),
    ("-7", .integer(-7)),
    ("0", .integer(0)),
    ("123456789012345678901234567890", .largeInteger("123456789012345678901234567890")),
    ("null", .null),
    // JSON-RPC says ids should not have a fraction; a server still echoes the number it got, as it got it.
    ("1.5", .number("1.5")),
    ("1.0", .number("1.0")),
    ("1e3", .number("1e3")),
    ("-2.50E+01", .number("-2.50E+01")),
    ("-0", .number("-0")),
  ])
  func keepsEveryValidKindOfID(idText: String, expected: RequestID) throws {
    let message = try classify(#"{"jsonrpc":"2.0","id":"# + idText + #","method":"m"}"#)
    #expect(message == .request(id: expected, method: "m", params: nil))
  }

  @Test func treatsANullIDAsARequestNotANotification() throws {
    guard case .request(let id, _, _) = try classify(#"{"jsonrpc":"2.0","id":null,"method":"m"}"#) else {
      Issue.record("Expected a request")
      return
    }
    #expect(id == .null)
  }

  @Test(arguments: ["true", "false", #"{"a":1}"#, "[1]"])
  func rejectsBadIDTypesWithoutAnID(idText: String) throws {
    let result = try invalid(#"{"jsonrpc":"2.0","id":"# + idText + #","method":"m"}"#)
    #expect(result != nil)
    #expect(result?.id == nil)
    #expect(result?.error.code == .invalidRequest)
    #expect(result?.error.kind == "invalidRequest")
  }

  @Test(arguments: [
    #"{"id":5,"method":"m"}"#,
    #"{"jsonrpc":"1.0","id":5,"method":"m"}"#,
    #"{"jsonrpc":2.0,"id":5,"method":"m"}"#,
    #"{"jsonrpc":null,"id":5,"method":"m"}"#,
    #"{"jsonrpc":"2.0 ","id":5,"method":"m"}"#,
  ])
  func rejectsAMissingOrWrongVersionKeepingTheID(text: String) throws {
    let result = try invalid(text)
    #expect(result != nil)
    #expect(result?.id == .integer(5))
    #expect(result?.error.code == .invalidRequest)
  }

  @Test(arguments: ["5", "null", "true", "[]", #"{"name":"m"}"#])
  func rejectsAMethodThatIsNotAString(methodText: String) throws {
    let result = try invalid(#"{"jsonrpc":"2.0","id":"k","method":"# + methodText + "}")
    #expect(result != nil)
    #expect(result?.id == .string("k"))
    #expect(result?.error.code == .invalidRequest)
  }

  @Test(arguments: [#""text""#, "5", "true", "1.5"])
  func rejectsParamsThatAreNotStructured(paramsText: String) throws {
    let result = try invalid(#"{"jsonrpc":"2.0","id":9,"method":"m","params":"# + paramsText + "}")
    #expect(result != nil)
    #expect(result?.id == .integer(9))
    #expect(result?.error.code == .invalidRequest)
  }

  @Test func rejectsUnstructuredParamsOfANotification() throws {
    let result = try invalid(#"{"jsonrpc":"2.0","method":"m","params":"text"}"#)
    #expect(result != nil)
    #expect(result?.id == nil)
  }

  @Test func toleratesNullParams() throws {
    let request = try classify(#"{"jsonrpc":"2.0","id":1,"method":"m","params":null}"#)
    #expect(request == .request(id: .integer(1), method: "m", params: nil))
    let notification = try classify(#"{"jsonrpc":"2.0","method":"n","params":null}"#)
    #expect(notification == .notification(method: "n", params: nil))
  }

  @Test(arguments: ["1", #""text""#, "null", "[]", "true"])
  func rejectsMessagesThatAreNotObjects(text: String) throws {
    let result = try invalid(text)
    #expect(result != nil)
    #expect(result?.id == nil)
    #expect(result?.error.code == .invalidRequest)
  }

  @Test(arguments: [
    #"{"jsonrpc":"2.0","id":1}"#,
    #"{"jsonrpc":"2.0"}"#,
    #"{"jsonrpc":"2.0","result":1}"#,
    #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"m"}}"#,
    #"{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}"#,
    #"{"jsonrpc":"2.0","id":1,"error":{"code":1}}"#,
  ])
  func rejectsMessagesThatAreNeitherCallsNorResponses(text: String) throws {
    let result = try invalid(text)
    #expect(result != nil)
    #expect(result?.error.code == .invalidRequest)
  }
}
