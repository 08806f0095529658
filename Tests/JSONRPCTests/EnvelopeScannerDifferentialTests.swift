import BeaconJSON
import Testing

@testable import JSONRPC

/// The scanner against the general path over thousands of bodies, good and bad (seeds and random mutations of
/// them): whatever the scanner reads is what the parser and ``IncomingMessage`` make of the body, and a dispatcher
/// answers a body read in place byte for byte as it answers the same body parsed.
@Suite struct EnvelopeScannerDifferentialTests {
  static let keys: Set<String> = ["id", "requestId"]

  static let seeds: [String] = [
    #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
    #"{"jsonrpc":"2.0","id":12,"method":"test/quick","params":{"text":"hei"}}"#,
    #" {"method":"p\u0069ng" ,"id":"a\"b", "jsonrpc":"2.0","params":[1,2.5e3,-0,null,true,false,{}]} "#,
    #"{"jsonrpc":"2.0","id":-0,"method":"ping","params":null}"#,
    #"{"jsonrpc":"2.0","id":1.50e+2,"method":"æ","params":{"id":2.0,"requestId":1e999}}"#,
    #"{"jsonrpc":"2.0","id":123456789012345678901234,"method":"ping","x":{"y":[[[]]]}}"#,
    #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"\ud83d\ude00"}}"#,
    #"{"jsonrpc":"2.0","id":null,"method":"ping","params":{"a":"\ud800x"}}"#,
    #"{"jsonrpc":"2.0","id":1,"result":{"a":1}}"#,
    #"{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"m","data":[1]}}"#,
    #"{"jsonrpc":"2.0","id":1,"method":"x","method":"ping"}"#,
    #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"n"}]"#,
    #"{"jsonrpc":"2.0","id":9223372036854775807,"method":"ping","params":[]}"#,
    #"{"jsonrpc":"2.0","\u0069d":1,"method":"ping"}"#,
    "{\"jsonrpc\":\"2.0\",\"id\":\"\u{1}\",\"method\":\"ping\"}",
  ]

  /// Bytes a mutation inserts or writes: JSON's punctuation, digits, letters of its literals, and bytes UTF-8 or
  /// JSON forbid.
  static let alphabet: [UInt8] = Array(#"{}[]",:\ 0123456789eE.-+tfnulrsaxid/"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]

  /// What the general path makes of a body: a parse error, one message, or something else (a batch, a scalar).
  enum General: Equatable {
    case parseError
    case message(IncomingMessage)
    case other
  }

  static func general(_ body: [UInt8], maxDepth: Int) -> General {
    guard let value = try? JSONParser.parse(body, maxDepth: maxDepth, exactNumberKeys: keys) else { return .parseError }
    guard case .object = value else { return .other }
    return .message(IncomingMessage(value))
  }

  /// A small deterministic generator (xorshift), so a failure can be run again.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
  }

  static func mutate(_ body: [UInt8], with generator: inout Generator) -> [UInt8] {
    var bytes = body
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<5, using: &generator) {
      case 0 where !bytes.isEmpty: bytes.remove(at: position)
      case 1: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: position)
      case 2 where !bytes.isEmpty: bytes[position] = alphabet.randomElement(using: &generator) ?? 0
      case 3 where !bytes.isEmpty:
        let end = min(bytes.count, position + Int.random(in: 1...12, using: &generator))
        bytes.insert(contentsOf: bytes[position..<end], at: end)
      default: bytes = Array(bytes[..<position])
      }
    }
    return bytes
  }

  @Test(arguments: [512, 3, 1])
  func whatTheScannerReadsIsWhatTheParserMakesOfIt(maxDepth: Int) {
    let scanner = EnvelopeScanner(maxDepth: maxDepth, exactNumberKeys: Self.keys)
    var generator = Generator(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(maxDepth))
    var bodies = Self.seeds.map { Array($0.utf8) }
    for seed in Self.seeds {
      for _ in 0..<700 { bodies.append(Self.mutate(Array(seed.utf8), with: &generator)) }
    }
    var read = 0
    var mismatches: [String] = []
    for body in bodies {
      guard let found = body.withUnsafeBufferPointer({ scanner.scan($0) }) else { continue }
      read += 1
      let expected = Self.general(body, maxDepth: maxDepth)
      if expected != .message(found), mismatches.count < 5 {
        mismatches.append("\(String(decoding: body, as: UTF8.self).debugDescription): \(found) vs \(expected)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
    // The corpus has teeth: many bodies are read in place (and more are left to the parser).
    #expect(read > (maxDepth == 1 ? 50 : 300), "read in place: \(read) of \(bodies.count)")
  }

  /// Requests to an immediate method: every kind of id, params, order and spacing, errors from the handler and from
  /// decoding included.
  static let requests: [String] = {
    let ids = [
      "1", "-7", "0", "-0", "1e2", "12.50", "9223372036854775807", "123456789012345678901234", #""a""#,
      #""\u00e6\"x""#, #""""#, "null",
    ]
    let params = [
      #"{"text":"hei"}"#, #"{ "text" : "h\u00e9\n" , "x":[1,{}] }"#, #"{"text":""}"#, #"{"text":7}"#, "{}",
      "[]", "null", "[1]",
    ]
    var bodies: [String] = []
    for (index, id) in ids.enumerated() {
      for (other, param) in params.enumerated() {
        bodies.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"test/quick","params":\#(param)}"#)
        if (index + other) % 3 == 0 {
          bodies.append(#" { "params" : \#(param) , "method":"test/qu\u0069ck","jsonrpc" :"2.0", "id":\#(id) }"#)
        }
      }
      bodies.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"test/quick"}"#)
    }
    return bodies
  }()

  @Test func aDispatcherAnswersWhatItReadsInPlaceAsItAnswersItParsed() async {
    let harness = await DispatcherImmediateTests.harness()
    var readInPlace = 0
    for text in Self.requests {
      let body = Array(text.utf8)
      if body.withUnsafeBufferPointer({ harness.dispatcher.scanner.scan($0) }) != nil { readInPlace += 1 }
      let before = harness.output.bodies.count
      harness.dispatcher.receive(body)
      harness.dispatcher.receiveParsed(body)
      let answers = harness.output.bodies.dropFirst(before)
      #expect(answers.count == 2, "\(text)")
      #expect(answers.first == answers.last, "\(text)")
    }
    #expect(readInPlace == Self.requests.count)
  }
}
