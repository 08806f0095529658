import Testing

@testable import JSONRPC

/// Newline-delimited framing.
extension MessageFramerTests {
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
