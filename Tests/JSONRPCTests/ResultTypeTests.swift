import Testing

@testable import JSONRPC

@Suite struct ResultTypeTests {
  @Test func emptyAndNullResultsEncodeAsTheirJSON() throws {
    let encoder = JSONValueEncoder()
    #expect(try encoder.encode(EmptyResult()) == [:])
    #expect(try encoder.encode(NullResult()) == .null)
  }

  @Test func theDispatcherNamesTheFieldOfADecodingError() {
    struct Inner: Decodable { var c: Int }
    struct Outer: Decodable { var b: [Inner] }
    struct Root: Decodable { var a: Outer }
    do {
      _ = try JSONValueDecoder().decode(Root.self, from: ["a": ["b": [["c": 1], ["c": "x"]]]])
      Issue.record("decoding must fail")
    } catch let error as DecodingError {
      #expect(Dispatcher.invalidParams(error).data?["field"] == "a.b[1].c")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
