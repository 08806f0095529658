import BeaconJSON
import Testing

@testable import JSONRPC

/// The request path's fast paths give what the general paths give, for good and bad input alike: the
/// framer's whole-frame step against the same bytes fed one at a time (which never finds a whole frame), and a
/// message read as an envelope against the same message parsed into a dictionary.
@Suite struct FastPathEquivalenceTests {
  /// Streams of frames: the usual one, and near misses the whole-frame step must leave to the general path.
  static let streams: [String] = [
    "Content-Length: 4\r\n\r\nnull",
    "Content-Length: 4\r\n\r\nnullContent-Length: 2\r\n\r\n{}",
    "Content-Length: 004\r\n\r\nnull",
    "Content-Length: 0\r\n\r\nContent-Length: 2\r\n\r\n{}",
    "Content-Length: 99999999999999999999999\r\n\r\nnullContent-Length: 2\r\n\r\n{}",
    "Content-Length: 70\r\n\r\nnull",
    "content-length: 4\r\n\r\nnull",
    "Content-Length:4\r\n\r\nnull",
    "Content-Length: 4\n\nnull",
    "Content-Length: 4\r\nContent-Type: application/json; charset=latin1\r\n\r\nnullContent-Length: 2\r\n\r\n{}",
    "Content-Length: 4\r\nContent-Length: 4\r\n\r\nnullContent-Length: 2\r\n\r\n{}",
    "Content-Length: 4 \r\n\r\nnull",
    "Content-Length: -4\r\n\r\nnullContent-Length: 2\r\n\r\n{}",
    "Content-Length: 4x\r\n\r\nnullContent-Length: 2\r\n\r\n{}",
    "xyz}Content-Length: 4\r\n\r\nnull",
    "Content-Length: 4\r\n\rnullContent-Length: 2\r\n\r\n{}",
    "\r\n\r\nContent-Length: 4\r\n\r\nnull",
  ]

  @Test(arguments: streams)
  func wholeFramesGiveWhatByteByByteFeedingGives(stream: String) {
    let input = Array(stream.utf8)
    for limits in [
      MessageFramer.Limits(), MessageFramer.Limits(maxMessageBytes: 3), MessageFramer.Limits(maxHeaderLineBytes: 18),
      MessageFramer.Limits(maxHeaderFields: 0),
    ] {
      var whole = MessageFramer(framing: .contentLength, limits: limits)
      var bytewise = MessageFramer(framing: .contentLength, limits: limits)
      let fast = whole.push(input) + whole.finish()
      let slow = input.flatMap { bytewise.push([$0]) } + bytewise.finish()
      #expect(fast == slow, "\(stream.debugDescription) with \(limits)")
    }
  }

  @Test func theUsualFramesAreDeliveredWholeAndInOrder() {
    var framer = MessageFramer(framing: .contentLength)
    let input = Array("Content-Length: 2\r\n\r\n{}Content-Length: 4\r\n\r\nnullContent-Length: 5\r\n\r\nfa".utf8)
    #expect(framer.push(input) == [.message(Array("{}".utf8)), .message(Array("null".utf8))])
    #expect(framer.push(Array("lse".utf8)) == [.message(Array("false".utf8))])
  }

  /// Bodies of every kind, good and bad: each read as an envelope and as a dictionary.
  static let bodies: [String] = [
    #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
    #"{"jsonrpc":"2.0","id":1.50,"method":"ping","params":{"id":2.0}}"#,
    #"{"jsonrpc":"2.0","id":"a","method":"ping","params":null}"#,
    #"{"jsonrpc":"2.0","id":1,"method":"x","method":"ping"}"#,
    #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1e3}}"#,
    #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
    #"{"jsonrpc":"2.0","id":true,"method":"ping"}"#,
    #"{"jsonrpc":"2.0","id":1,"method":7}"#,
    #"{"jsonrpc":"2.0","id":1,"method":"ping","params":3}"#,
    #"{"jsonrpc":"2.0","id":1,"result":{"a":1}}"#,
    #"{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"m","data":[1]}}"#,
    #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":-1,"message":"m"}}"#,
    #"{}"#,
    #" { "jsonrpc" : "2.0" , "id" : -0 , "method" : "p\u0069ng" } "#,
    #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
    #""ping""#,
    #"{"jsonrpc":"2.0","id":1,"method":"ping""#,
    #"{"jsonrpc":"2.0","id":1,"method":"ping"} x"#,
    #"{"jsonrpc":"2.0","id":01}"#,
    #"{"a":[[[[[[]]]]]]}"#,
    #"{"jsonrpc":"2.0",}"#,
    "{\"jsonrpc\":\"2.0\",\"id\":\"\u{1}\"}",
  ]

  @Test(arguments: bodies)
  func envelopesClassifyAsParsedDictionariesDo(body: String) {
    let bytes = Array(body.utf8)
    let keys: Set<String> = ["id", "requestId"]
    let general = Result { () throws(JSONParseError) in try JSONParser.parse(bytes, maxDepth: 4, exactNumberKeys: keys)
    }
    var envelope = IncomingMessage.Envelope()
    let fast = Result { () throws(JSONParseError) in
      try JSONParser.parseMembers(bytes, maxDepth: 4, exactNumberKeys: keys) { envelope.set($0, $1) }
    }
    switch (general, fast) {
    case (.failure(let expected), .failure(let found)):
      #expect(found == expected)
    case (.success(.object), .success(nil)):
      if case .success(let value) = general { #expect(IncomingMessage(envelope) == IncomingMessage(value)) }
    case (.success(let expected), .success(let found?)):
      #expect(found == expected)
    default:
      Issue.record("\(body): parsed \(general), read as an envelope \(fast)")
    }
  }
}
