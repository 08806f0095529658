import Testing

@testable import JSONRPC

/// `MessageFramer`: Content-Length framing, framing faults and resynchronisation, detection of the framing, and
/// newline-delimited framing, fed whole, byte by byte and split at every point.
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

  @Test(arguments: [
    [#"{"id":1}"#, #"{"id":22}"#, #"{"id":"three"}"#].flatMap(framed),
    bytes("Content-Length: 8\r\nX: y\r\n\r\n{\"id\":1}"),
    bytes("{\"id\":1}\n{\"id\":22}\r\n"),
  ])
  func readsOnlyTheFirstBytesOfABufferReadIntoAgainAndAgain(input: [UInt8]) {
    // The connection's reader reads into one buffer and frames its first `count` bytes: what lies after them, an
    // earlier read's bytes, is never input (here a line end, a header's end and a whole frame).
    let stale = bytes("\n\r\n\r\n") + framed(#"{"stale":1}"#) + bytes("\n")
    let expected = events([input])
    for chunks in twoChunkSplits(input) + threeChunkSplits(input) {
      var framer = MessageFramer()
      var seen: [Event] = []
      for chunk in chunks {
        let buffer = chunk + stale
        framer.push(buffer[0..<chunk.count], whole: { seen.append(.message(Array($0))) }) { seen.append($0) }
      }
      seen += framer.finish()
      #expect(seen == expected, "split into \(chunks.map(\.count))")
    }
  }

  @Test func explicitFramingIsNotRedetected() {
    var lengthFramer = MessageFramer(framing: .contentLength)
    #expect(lengthFramer.push(bytes("[1,2]\n")) == [.error(.malformedHeaderLine("[1,2]"))])
    #expect(lengthFramer.framing == .contentLength)
    var lineFramer = MessageFramer(framing: .newlineDelimited)
    #expect(lineFramer.push(bytes("Content-Length: 8\n")) == [.message(bytes("Content-Length: 8"))])
    #expect(lineFramer.framing == .newlineDelimited)
  }
}

extension String {
  /// The text without white space at either end.
  var trimmingWhitespace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
