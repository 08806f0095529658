import Testing

@testable import JSONRPC

/// Framing faults, each followed by a valid message the framer must still deliver.
extension MessageFramerTests {
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

  /// The scan for the next header after an oversized message may first meet "Content-Length" in the discarded text;
  /// the header glued after it on the same line is still read, so the next message is not lost.
  @Test func aHeaderNameInTheTextOfAnOversizedMessageDoesNotSwallowTheNextMessage() {
    let limits = Limits(maxMessageBytes: 40)
    let oversized = #"{"comment":"xxxxxxxxxxxxxxxxxxxxxxxx see the Content-Length header"}"#
    let input = framed(oversized) + framed(validBody)
    let expected: [Event] = [
      .error(.messageTooLarge(length: oversized.utf8.count, limit: 40)),
      .error(.malformedHeaderLine(#"content-length header"}"#)), .message(bytes(validBody)),
    ]
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
}
