import Testing

@testable import JSONRPC

private typealias Event = MessageFramer.Event
private typealias Limits = MessageFramer.Limits

private func bytes(_ text: String) -> [UInt8] {
  Array(text.utf8)
}

/// `body` framed with a Content-Length header counting its UTF-8 bytes.
private func framed(_ body: String) -> [UInt8] {
  bytes("Content-Length: \(body.utf8.count)\r\n\r\n") + bytes(body)
}

/// Feeds `chunks` to a fresh framer, then ends the input, and returns every event in order.
private func events(
  _ chunks: [[UInt8]],
  framing: MessageFramer.Framing = .automatic,
  limits: Limits = Limits()
) -> [Event] {
  var framer = MessageFramer(framing: framing, limits: limits)
  var events: [Event] = []
  for chunk in chunks {
    events += framer.push(chunk)
  }
  return events + framer.finish()
}

/// `input` cut into single bytes.
private func byteByByte(_ input: [UInt8]) -> [[UInt8]] {
  input.map { [$0] }
}

/// Every way of cutting `input` into two chunks (including an empty first or last chunk).
private func twoChunkSplits(_ input: [UInt8]) -> [[[UInt8]]] {
  (0...input.count).map { [Array(input[..<$0]), Array(input[$0...])] }
}

/// Every way of cutting `input` into three chunks.
private func threeChunkSplits(_ input: [UInt8]) -> [[[UInt8]]] {
  var splits: [[[UInt8]]] = []
  for first in 0...input.count {
    for second in first...input.count {
      splits.append([Array(input[..<first]), Array(input[first..<second]), Array(input[second...])])
    }
  }
  return splits
}

private let validBody = #"{"id":1}"#

/// A framing fault followed by a valid message, with the one error it must produce.
struct FramingFault: Sendable, CustomTestStringConvertible {
  var name: String
  var input: String
  var error: FramingError
  var limits = MessageFramer.Limits()

  var testDescription: String { name }
}

private let faults: [FramingFault] = [
  FramingFault(
    name: "missing Content-Length",
    input: "Content-Type: application/vscode-jsonrpc\r\n\r\n{\"a\":1}",
    error: .missingContentLength
  ),
  FramingFault(
    name: "duplicate Content-Length",
    input: "Content-Length: 7\r\nContent-Length: 7\r\n\r\n{\"a\":1}",
    error: .duplicateContentLength
  ),
  FramingFault(
    name: "conflicting Content-Length",
    input: "Content-Length: 7\r\ncontent-length: 3\r\n\r\n{\"a\":1}",
    error: .duplicateContentLength
  ),
  FramingFault(
    name: "non-numeric Content-Length",
    input: "Content-Length: seven\r\n\r\n{\"a\":1}",
    error: .invalidContentLength("seven")
  ),
  FramingFault(
    name: "negative Content-Length",
    input: "Content-Length: -5\r\n\r\nhello",
    error: .invalidContentLength("-5")
  ),
  FramingFault(
    name: "signed Content-Length",
    input: "Content-Length: +5\r\n\r\nhello",
    error: .invalidContentLength("+5")
  ),
  FramingFault(
    name: "overflowing Content-Length",
    input: "Content-Length: 99999999999999999999999999\r\n\r\n{}",
    error: .invalidContentLength("99999999999999999999999999")
  ),
  FramingFault(
    name: "empty Content-Length",
    input: "Content-Length:\r\n\r\n{}",
    error: .invalidContentLength("")
  ),
  FramingFault(
    name: "fractional Content-Length",
    input: "Content-Length: 7.0\r\n\r\n{\"a\":1}",
    error: .invalidContentLength("7.0")
  ),
  FramingFault(
    name: "Content-Length with inner space",
    input: "Content-Length: 1 2\r\n\r\n{\"a\":1}",
    error: .invalidContentLength("1 2")
  ),
  FramingFault(
    name: "zero Content-Length",
    input: "Content-Length: 0\r\n\r\n",
    error: .zeroContentLength
  ),
  FramingFault(
    name: "length above the cap",
    input: "Content-Length: 20\r\n\r\n{\"a\":\"0123456789ab\"}",
    error: .messageTooLarge(length: 20, limit: 16),
    limits: Limits(maxMessageBytes: 16)
  ),
  FramingFault(
    name: "header line without colon",
    input: "garbage without colon\r\n",
    error: .malformedHeaderLine("garbage without colon")
  ),
  FramingFault(
    name: "header line without colon inside a header block",
    input: "Content-Length: 7\r\nnot a header\r\n\r\n{\"a\":1}",
    error: .malformedHeaderLine("not a header")
  ),
  FramingFault(
    name: "binary garbage between messages",
    input: "\u{1}\u{2}}]junk\n",
    error: .malformedHeaderLine("\u{1}\u{2}}]junk")
  ),
  FramingFault(
    name: "header line longer than the cap",
    input: "X-Long: " + String(repeating: "a", count: 100) + "\r\n\r\n{\"a\":1}",
    error: .headerLineTooLong(limit: 32),
    limits: Limits(maxHeaderLineBytes: 32)
  ),
  FramingFault(
    name: "too many header fields",
    input: "Content-Length: 7\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n{\"a\":1}",
    error: .tooManyHeaderFields(limit: 3),
    limits: Limits(maxHeaderFields: 3)
  ),
  FramingFault(
    name: "unsupported charset",
    input: "Content-Length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n{\"a\":1}",
    error: .unsupportedCharset("latin1")
  ),
  FramingFault(
    name: "unsupported quoted charset before Content-Length",
    input: "Content-Type: text/plain; charset=\"ISO-8859-1\"\r\nContent-Length: 7\r\n\r\n{\"a\":1}",
    error: .unsupportedCharset("iso-8859-1")
  ),
]

@Suite struct MessageFramerTests {
  // MARK: - Content-Length framing

  @Test func deliversAMessageFedInOneChunk() {
    #expect(events([framed(validBody)]) == [.message(bytes(validBody))])
  }

  @Test func deliversAMessageFedOneByteAtATime() {
    let body = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"#
    let input = framed(body)
    var framer = MessageFramer()
    var seen: [Event] = []
    for (position, byte) in input.enumerated() {
      let produced = framer.push([byte])
      if position < input.count - 1 {
        #expect(produced.isEmpty, "event before the last byte, at \(position)")
      }
      seen += produced
    }
    #expect(seen == [.message(bytes(body))])
    #expect(framer.framing == .contentLength)
    #expect(framer.finish().isEmpty)
  }

  @Test func deliversAMessageSplitAtEveryPosition() {
    let body = #"{"jsonrpc":"2.0","id":"a","method":"m"}"#
    for chunks in twoChunkSplits(framed(body)) {
      #expect(events(chunks) == [.message(bytes(body))], "split after \(chunks[0].count) bytes")
    }
  }

  @Test func deliversSeveralMessagesFromOneChunk() {
    let bodies = [#"{"id":1}"#, #"[{"id":2},{"id":3}]"#, #"{"method":"m","params":{"x":"y"}}"#]
    let input = bodies.flatMap(framed)
    #expect(events([input]) == bodies.map { .message(bytes($0)) })
    #expect(events(byteByByte(input)) == bodies.map { .message(bytes($0)) })
  }

  @Test func deliversSeveralMessagesSplitAtEveryPosition() {
    let bodies = [#"{"id":1}"#, #"{"id":22}"#, #"{"id":"three"}"#]
    let input = bodies.flatMap(framed)
    let expected: [Event] = bodies.map { .message(bytes($0)) }
    for chunks in twoChunkSplits(input) {
      #expect(events(chunks) == expected, "split after \(chunks[0].count) bytes")
    }
    for chunks in threeChunkSplits(input) {
      #expect(events(chunks) == expected, "split after \(chunks[0].count) and \(chunks[0].count + chunks[1].count)")
    }
  }

  @Test(arguments: [#"{"t":"æøå"}"#, #"{"t":"😀👍🏽"}"#, #"{"t":"ü\u2028"}"#, "{\"t\":\"\u{2028}𝄞\"}"])
  func countsContentLengthInBytes(body: String) {
    let input = framed(body) + framed(validBody)
    let expected: [Event] = [.message(bytes(body)), .message(bytes(validBody))]
    #expect(events([input]) == expected)
    for chunks in twoChunkSplits(input) {
      #expect(events(chunks) == expected, "split after \(chunks[0].count) bytes")
    }
  }

  @Test(arguments: ["content-length", "CONTENT-LENGTH", "Content-Length", "cOnTeNt-LeNgTh"])
  func matchesHeaderNamesCaseInsensitively(name: String) {
    let input = bytes("\(name): 8\r\n\r\n\(validBody)")
    #expect(events([input]) == [.message(bytes(validBody))])
  }

  @Test(arguments: [
    "Content-Length:8", "Content-Length:   8   ", "Content-Length:\t8\t", "Content-Length \t: 8", " Content-Length : 8",
  ])
  func toleratesSpacesAndTabsAroundHeaderValues(header: String) {
    let input = bytes("\(header)\r\n\r\n\(validBody)")
    #expect(events([input]) == [.message(bytes(validBody))])
  }

  @Test(arguments: [
    "Content-Length: 8\n\n",
    "Content-Length: 8\r\n\n",
    "Content-Length: 8\n\r\n",
    "X-Trace: 1\nContent-Length: 8\r\n\r\n",
  ])
  func acceptsBareNewlineLineEndings(header: String) {
    let input = bytes(header + validBody) + bytes(header + validBody)
    #expect(events([input]) == [.message(bytes(validBody)), .message(bytes(validBody))])
    #expect(events(byteByByte(input)) == [.message(bytes(validBody)), .message(bytes(validBody))])
  }

  @Test func ignoresUnknownHeaders() {
    let input = bytes("X-Trace-Id: abc:def\r\nContent-Length: 8\r\nX-Empty:\r\nX-Colon:::\r\n\r\n\(validBody)")
    #expect(events([input]) == [.message(bytes(validBody))])
  }

  @Test func toleratesBlankLinesBeforeAHeaderBlock() {
    let input = bytes("\r\n\r\n\n") + framed(validBody) + bytes("\r\n\n") + framed(validBody)
    #expect(events([input]) == [.message(bytes(validBody)), .message(bytes(validBody))])
  }

  @Test(arguments: [
    "application/vscode-jsonrpc; charset=utf-8",
    "application/vscode-jsonrpc; charset=utf8",
    "application/vscode-jsonrpc; charset=\"UTF-8\"",
    "application/vscode-jsonrpc;charset=UTF-8",
    "application/json; foo=bar; charset = utf-8 ",
    "application/json",
  ])
  func acceptsUTF8ContentTypes(contentType: String) {
    let before = bytes("Content-Type: \(contentType)\r\nContent-Length: 8\r\n\r\n\(validBody)")
    let after = bytes("Content-Length: 8\r\nContent-Type: \(contentType)\r\n\r\n\(validBody)")
    #expect(events([before + after]) == [.message(bytes(validBody)), .message(bytes(validBody))])
  }

  // MARK: - Faults and resynchronisation

  @Test(arguments: faults)
  func reportsAFaultOnceAndThenFramesTheNextMessage(fault: FramingFault) {
    let input = bytes(fault.input) + framed(validBody)
    let expected: [Event] = [.error(fault.error), .message(bytes(validBody))]
    #expect(events([input], limits: fault.limits) == expected)
    #expect(events([input], framing: .contentLength, limits: fault.limits) == expected)
    #expect(events(byteByByte(input), limits: fault.limits) == expected)
  }

  @Test(arguments: faults)
  func reportsAFaultTheSameWayWhereverTheInputIsSplit(fault: FramingFault) {
    let input = framed(validBody) + bytes(fault.input) + framed(validBody)
    let expected: [Event] = [.message(bytes(validBody)), .error(fault.error), .message(bytes(validBody))]
    for chunks in twoChunkSplits(input) {
      #expect(events(chunks, limits: fault.limits) == expected, "split after \(chunks[0].count) bytes")
    }
  }

  @Test func skipsTheBodyOfAMessageWithAnUnsupportedCharset() {
    let body = "Content-Length: 7\r\n\r\n{\"a\":1}"
    let input =
      bytes("Content-Length: \(body.utf8.count)\r\nContent-Type: application/json; charset=latin1\r\n\r\n\(body)")
      + framed(validBody)
    #expect(events([input]) == [.error(.unsupportedCharset("latin1")), .message(bytes(validBody))])
  }

  @Test func skipsExactlyTheDeclaredLengthOfAnOversizedMessage() {
    let limits = Limits(maxMessageBytes: 16)
    let oversized = String(repeating: "x", count: 40)
    let input = bytes("Content-Length: 40\r\n\r\n\(oversized)") + framed(validBody)
    let expected: [Event] = [.error(.messageTooLarge(length: 40, limit: 16)), .message(bytes(validBody))]
    #expect(events([input], limits: limits) == expected)
    for chunks in twoChunkSplits(input) {
      #expect(events(chunks, limits: limits) == expected, "split after \(chunks[0].count) bytes")
    }
  }

  @Test func acceptsAMessageOfExactlyTheCap() {
    let limits = Limits(maxMessageBytes: validBody.utf8.count)
    #expect(events([framed(validBody)], limits: limits) == [.message(bytes(validBody))])
  }

  @Test(arguments: ["\r\n", "\n"])
  func acceptsAHeaderLineOfExactlyTheCap(lineEnd: String) {
    let header = "Content-Length: 8"
    let limits = Limits(maxHeaderLineBytes: header.utf8.count)
    let input = bytes(header + lineEnd + lineEnd + validBody)
    #expect(events([input], limits: limits) == [.message(bytes(validBody))])
    #expect(events(byteByByte(input), limits: limits) == [.message(bytes(validBody))])
  }

  @Test(arguments: ["\r\n", "\n"])
  func rejectsAHeaderLineOneByteAboveTheCap(lineEnd: String) {
    let header = "Content-Length:  8"
    let limits = Limits(maxHeaderLineBytes: header.utf8.count - 1)
    let input = bytes(header + lineEnd + lineEnd + validBody) + framed(validBody)
    let expected: [Event] = [.error(.headerLineTooLong(limit: header.utf8.count - 1)), .message(bytes(validBody))]
    #expect(events([input], limits: limits) == expected)
  }

  @Test func garbageBetweenMessagesIsReportedAndFramingRecovers() {
    let input = framed(#"{"id":1}"#) + bytes("garbage\r\n") + framed(#"{"id":2}"#)
    let expected: [Event] = [
      .message(bytes(#"{"id":1}"#)), .error(.malformedHeaderLine("garbage")), .message(bytes(#"{"id":2}"#)),
    ]
    #expect(events([input]) == expected)
    #expect(events(byteByByte(input)) == expected)
  }

  @Test(arguments: ["xyz", "}}}", "garbage!!!", "  junk\t"])
  func garbageGluedToAHeaderIsReportedAndTheMessageStillArrives(garbage: String) {
    let input = framed(#"{"id":1}"#) + bytes(garbage) + framed(#"{"id":2}"#) + framed(#"{"id":3}"#)
    let expected: [Event] = [
      .message(bytes(#"{"id":1}"#)),
      .error(.malformedHeaderLine(garbage)),
      .message(bytes(#"{"id":2}"#)),
      .message(bytes(#"{"id":3}"#)),
    ]
    #expect(events([input]) == expected)
    #expect(events(byteByByte(input)) == expected)
  }

  @Test func anEndlessHeaderLineIsReportedOnceAndNotKept() {
    var framer = MessageFramer()
    let megabyte = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
    #expect(framer.push(megabyte) == [.error(.headerLineTooLong(limit: 8 << 10))])
    #expect(framer.push(megabyte).isEmpty)
    #expect(framer.push(framed(validBody)) == [.message(bytes(validBody))])
    #expect(framer.finish().isEmpty)
  }

  @Test func anEndlessHeaderLineFedInChunksIsReportedOnce() {
    let limits = Limits(maxHeaderLineBytes: 1024)
    var framer = MessageFramer(limits: limits)
    var seen: [Event] = []
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
    for _ in 0..<256 {
      seen += framer.push(chunk)
    }
    seen += framer.push(framed(validBody))
    #expect(seen == [.error(.headerLineTooLong(limit: 1024)), .message(bytes(validBody))])
  }

  @Test func anOversizedDeclaredLengthIsReportedAtOnceAndNotWaitedFor() {
    var framer = MessageFramer(limits: Limits(maxMessageBytes: 64 << 10))
    let header = bytes("Content-Length: 1000000000\r\n\r\n")
    let tooLarge = FramingError.messageTooLarge(length: 1_000_000_000, limit: 64 << 10)
    #expect(framer.push(header + bytes("{\"a\":")) == [.error(tooLarge)])
    #expect(framer.push([UInt8](repeating: UInt8(ascii: " "), count: 64 << 10)).isEmpty)
    // The declared length is not trusted: the next header starts the next message.
    #expect(framer.push(framed(validBody)) == [.message(bytes(validBody))])
    #expect(framer.finish().isEmpty)
  }

  @Test func aDeclaredLengthOfTwoGibibytesWithNoBodyDoesNotSwallowTheNextMessage() {
    let input = bytes("Content-Length: 2147483648\r\n\r\n") + framed(validBody)
    let expected: [Event] = [
      .error(.messageTooLarge(length: 2_147_483_648, limit: 64 << 20)), .message(bytes(validBody)),
    ]
    #expect(events([input]) == expected)
    for chunks in twoChunkSplits(input) + [byteByByte(input)] {
      #expect(events(chunks) == expected, "split after \(chunks[0].count) bytes")
    }
  }

  @Test func aLargeDeclaredLengthBelowTheCapWaitsForItsBytes() {
    var framer = MessageFramer()
    #expect(framer.push(bytes("Content-Length: 60000000\r\n\r\n{\"a\":1")).isEmpty)
    #expect(framer.push(bytes(", \"b\": 2")).isEmpty)
    #expect(framer.finish() == [.error(.truncatedMessage)])
  }

  @Test func reportsABodyTruncatedAtEndOfInput() {
    var framer = MessageFramer()
    #expect(framer.push(bytes("Content-Length: 20\r\n\r\n{\"a\"")).isEmpty)
    #expect(framer.finish() == [.error(.truncatedMessage)])
    #expect(framer.finish().isEmpty)
    #expect(framer.push(framed(validBody)) == [.message(bytes(validBody))])
  }

  @Test(arguments: ["Content-Len", "Content-Length: 8", "Content-Length: 8\r\n", "Content-Length: 8\r\n\r", "X: y\n"])
  func reportsAHeaderTruncatedAtEndOfInput(partial: String) {
    var framer = MessageFramer()
    #expect(framer.push(framed(validBody) + bytes(partial)) == [.message(bytes(validBody))])
    #expect(framer.finish() == [.error(.truncatedMessage)])
    #expect(framer.push(framed(validBody)) == [.message(bytes(validBody))])
  }

  @Test(arguments: ["", "  \r\n", "Content-Length: 8\r\n\r\n{\"id\":1}\r\n"])
  func reportsNothingAtACleanEndOfInput(input: String) {
    var framer = MessageFramer()
    _ = framer.push(bytes(input))
    #expect(framer.finish().isEmpty)
  }

  // MARK: - Framing detection

  @Test(arguments: ["{\"id\":1}\n", "[{\"id\":1}]\n", "  \r\n\t\n{\"id\":1}\n", "\n\n[1]\n"])
  func detectsNewlineDelimitedJSONFromTheFirstSignificantByte(input: String) {
    var framer = MessageFramer()
    let produced = framer.push(bytes(input)) + framer.finish()
    #expect(framer.framing == .newlineDelimited)
    let body = input.trimmingWhitespace
    #expect(produced == [.message(bytes(body))])
  }

  @Test(arguments: ["Content-Length: 8\r\n\r\n{\"id\":1}", " \r\n\r\n\tContent-Length: 8\r\n\r\n{\"id\":1}"])
  func detectsContentLengthFramingFromOtherFirstBytes(input: String) {
    var framer = MessageFramer()
    let produced = framer.push(bytes(input))
    #expect(framer.framing == .contentLength)
    #expect(produced == [.message(bytes(validBody))])
  }

  @Test func staysUndecidedWhileOnlyWhitespaceHasArrived() {
    var framer = MessageFramer()
    #expect(framer.framing == .automatic)
    #expect(framer.push(bytes(" \r\n\t\n")).isEmpty)
    #expect(framer.framing == .automatic)
    #expect(framer.push(bytes("[")).isEmpty)
    #expect(framer.framing == .newlineDelimited)
    #expect(framer.push(bytes("1]\n")) == [.message(bytes("[1]"))])
  }

  @Test func anUnrecognisedFirstByteSelectsContentLengthAndReportsTheFault() {
    var framer = MessageFramer()
    #expect(
      framer.push(bytes("hello\r\n") + framed(validBody)) == [
        .error(.malformedHeaderLine("hello")), .message(bytes(validBody)),
      ]
    )
    #expect(framer.framing == .contentLength)
  }

  @Test func explicitFramingIsNotRedetected() {
    var lengthFramer = MessageFramer(framing: .contentLength)
    #expect(lengthFramer.push(bytes("[1,2]\n")) == [.error(.malformedHeaderLine("[1,2]"))])
    #expect(lengthFramer.framing == .contentLength)
    var lineFramer = MessageFramer(framing: .newlineDelimited)
    #expect(lineFramer.push(bytes("Content-Length: 8\n")) == [.message(bytes("Content-Length: 8"))])
    #expect(lineFramer.framing == .newlineDelimited)
  }

  // MARK: - Newline-delimited framing

  @Test func acceptsCarriageReturnLineFeedLineEnds() {
    let input = bytes("{\"a\":1}\r\n{\"b\":2}\r\n")
    #expect(events([input]) == [.message(bytes("{\"a\":1}")), .message(bytes("{\"b\":2}"))])
  }

  @Test func skipsBlankLines() {
    let input = bytes("{\"a\":1}\n\n   \n\r\n\t\n{\"b\":2}\n\n")
    #expect(events([input]) == [.message(bytes("{\"a\":1}")), .message(bytes("{\"b\":2}"))])
  }

  @Test func trimsWhitespaceAroundALine() {
    let input = bytes("{\"a\":1}\n  \t{\"b\": 2} \t\r\n")
    #expect(events([input]) == [.message(bytes("{\"a\":1}")), .message(bytes("{\"b\": 2}"))])
  }

  @Test func deliversSeveralLinesFromOneChunk() {
    let lines = ["{\"id\":1}", "[{\"id\":2}]", "{\"t\":\"æøå 😀\"}", "{\"id\":4}"]
    let input = bytes(lines.joined(separator: "\n") + "\n")
    #expect(events([input]) == lines.map { .message(bytes($0)) })
    #expect(events(byteByByte(input)) == lines.map { .message(bytes($0)) })
  }

  @Test func deliversLinesSplitAtEveryPosition() {
    let lines = ["{\"id\":1}", "{\"t\":\"ø😀\"}", "[2,3]"]
    let input = bytes(lines.joined(separator: "\r\n") + "\r\n")
    let expected: [Event] = lines.map { .message(bytes($0)) }
    for chunks in twoChunkSplits(input) {
      #expect(events(chunks) == expected, "split after \(chunks[0].count) bytes")
      #expect(events(chunks, framing: .newlineDelimited) == expected, "split after \(chunks[0].count) bytes")
    }
    for chunks in threeChunkSplits(input) {
      #expect(events(chunks) == expected, "split after \(chunks[0].count) and \(chunks[0].count + chunks[1].count)")
    }
  }

  @Test func finishDeliversAFinalLineWithoutNewline() {
    var framer = MessageFramer()
    #expect(framer.push(bytes("{\"a\":1}\n{\"b\":")) == [.message(bytes("{\"a\":1}"))])
    #expect(framer.push(bytes("2}")).isEmpty)
    #expect(framer.finish() == [.message(bytes("{\"b\":2}"))])
    #expect(framer.finish().isEmpty)
  }

  @Test func finishIgnoresAFinalBlankLine() {
    var framer = MessageFramer()
    #expect(framer.push(bytes("{\"a\":1}\n  \r")) == [.message(bytes("{\"a\":1}"))])
    #expect(framer.finish().isEmpty)
  }

  @Test(arguments: ["\n", "\r\n"])
  func acceptsALineOfExactlyTheCap(lineEnd: String) {
    let limits = Limits(maxMessageBytes: validBody.utf8.count)
    let input = bytes(validBody + lineEnd + validBody + lineEnd)
    let expected: [Event] = [.message(bytes(validBody)), .message(bytes(validBody))]
    #expect(events([input], limits: limits) == expected)
    for chunks in twoChunkSplits(input) + [byteByByte(input)] {
      #expect(events(chunks, limits: limits) == expected, "split after \(chunks[0].count) bytes")
    }
  }

  @Test(arguments: ["\n", "\r\n"])
  func rejectsALineOneByteAboveTheCap(lineEnd: String) {
    let limits = Limits(maxMessageBytes: validBody.utf8.count - 1)
    let input = bytes(validBody + lineEnd + "{}" + lineEnd)
    let expected: [Event] = [.error(.messageTooLarge(length: 8, limit: 7)), .message(bytes("{}"))]
    #expect(events([input], limits: limits) == expected)
  }

  @Test func reportsALineAboveTheCapAndDeliversTheNextLine() {
    let limits = Limits(maxMessageBytes: 16)
    let long = "{\"a\":\"0123456789abcdef\"}"
    let input = bytes("\(long)\n{\"id\":1}\n")
    #expect(
      events([input], limits: limits) == [
        .error(.messageTooLarge(length: long.utf8.count, limit: 16)), .message(bytes("{\"id\":1}")),
      ]
    )
  }

  @Test func reportsALineAboveTheCapOnceWhereverTheInputIsSplit() {
    let limits = Limits(maxMessageBytes: 16)
    let input = bytes("{\"id\":0}\n{\"a\":\"0123456789abcdef\"}\n{\"id\":1}\n")
    var splits = twoChunkSplits(input)
    splits.append(byteByByte(input))
    for chunks in splits {
      let seen = events(chunks, limits: limits)
      #expect(seen.count == 3, "split after \(chunks[0].count) bytes")
      guard seen.count == 3 else { continue }
      #expect(seen[0] == .message(bytes("{\"id\":0}")))
      guard case .error(.messageTooLarge(_, let limit)) = seen[1] else {
        Issue.record("expected messageTooLarge, got \(seen[1]) (split after \(chunks[0].count) bytes)")
        continue
      }
      #expect(limit == 16)
      #expect(seen[2] == .message(bytes("{\"id\":1}")))
    }
  }

  @Test func anEndlessLineIsReportedOnceAndNotKept() {
    var framer = MessageFramer(framing: .newlineDelimited, limits: Limits(maxMessageBytes: 1024))
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
    #expect(framer.push(chunk) == [.error(.messageTooLarge(length: 4096, limit: 1024))])
    for _ in 0..<64 {
      #expect(framer.push(chunk).isEmpty)
    }
    #expect(framer.push(bytes("\n{\"id\":1}\n")) == [.message(bytes("{\"id\":1}"))])
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
