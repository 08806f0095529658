import Testing

@testable import JSONRPC

/// The pieces of an answer written in place, against the strings they stand for: every length of number, both signs,
/// the extremes.
@Suite struct InPlaceAnswerTests {
  static let numbers: [Int] = {
    var numbers = [0, 1, 9, Int.max, Int.min, Int.min + 1]
    var power = 10
    while true {
      numbers += [power - 1, power, power + 1, -power, -(power - 1)]
      let (next, overflow) = power.multipliedReportingOverflow(by: 10)
      if overflow { break }
      power = next
    }
    return numbers
  }()

  @Test func theHeaderIsContentLengthInDecimal() {
    for length in Self.numbers where length >= 0 {
      var output: [UInt8] = [0x41]
      MessageWriter.appendHeader(length: length, to: &output)
      #expect(output == [0x41] + Array("Content-Length: \(length)\r\n\r\n".utf8), "\(length)")
    }
  }

  @Test func theResponseStartEchoesTheIdAndItsLengthIsKnown() {
    for id in Self.numbers {
      var output: [UInt8] = [0x41]
      Dispatcher.appendResponseStart(id: id, to: &output)
      #expect(output == [0x41] + Array(#"{"jsonrpc":"2.0","id":\#(id),"result":"#.utf8), "\(id)")
      #expect(Dispatcher.decimalLength(of: id) == String(id).utf8.count, "\(id)")
    }
  }

  @Test(arguments: [MessageFramer.Framing.contentLength, .newlineDelimited])
  func aFrameMadeOfAStartOnTheStackAndARestIsTheFrameOfTheWholeBody(framing: MessageFramer.Framing) {
    let body = Array(#"{"jsonrpc":"2.0","id":-9223372036854775808,"result":{"text":"é"}}"#.utf8)
    for startLength in [0, 1, 17, MessageWriter.maxStartLength] {
      var output: [UInt8] = [0x41]
      MessageWriter.appendFrame(
        length: body.count,
        framing: framing,
        to: &output,
        start: { buffer in
          _ = UnsafeMutableBufferPointer(rebasing: buffer[..<startLength]).update(fromContentsOf: body[..<startLength])
          return startLength
        },
        rest: { $0.append(contentsOf: body[startLength...]) }
      )
      #expect(output == [0x41] + MessageWriter.frame(body, framing: framing), "\(framing) \(startLength)")
    }
  }
}
