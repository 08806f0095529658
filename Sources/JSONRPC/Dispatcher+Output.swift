extension Dispatcher {
  /// Writes a body of `length` bytes into the transport's buffer: `start` writes its first bytes (at most
  /// ``MessageWriter/maxStartLength``) into a buffer on the stack and returns how many, `rest` appends the others.
  package typealias SendInPlace =
    @Sendable (
      _ length: Int,
      _ start: (UnsafeMutableBufferPointer<UInt8>) -> Int,
      _ rest: (inout [UInt8]) -> Void
    ) -> Void

  /// Sends a notification to the client.
  package func notify(_ method: String, params: JSONValue) {
    var output = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
    JSONWriter.write(.string(method), into: &output)
    output.append(contentsOf: #","params":"#.utf8)
    JSONWriter.write(params, into: &output)
    output.append(UInt8(ascii: "}"))
    send(output)
  }

  private static let responseStart = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
  private static let resultMember = Array(#","result":"#.utf8)
  private static let errorMember = Array(#","error":"#.utf8)

  /// The compact JSON of a response.
  func encodeResponse(id: RequestID, outcome: Result<[UInt8], ResponseError>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(128)  // A `ping` answer, an error, or the first step of a larger result.
    output.append(contentsOf: Self.responseStart)
    if case .integer(let number) = id {
      JSONWriter.writeInteger(number, into: &output)  // The usual id: no `JSONValue` made for it.
    } else {
      JSONWriter.write(id.jsonValue, into: &output)
    }
    switch outcome {
    case .success(let result):
      output.append(contentsOf: Self.resultMember)
      output.append(contentsOf: result)
    case .failure(let error):
      output.append(contentsOf: Self.errorMember)
      JSONWriter.write(error.jsonValue, into: &output)
    }
    output.append(UInt8(ascii: "}"))
    return output
  }

  /// Sends a response on its own (not in a batch).
  func sendResponse(id: RequestID, outcome: Result<[UInt8], ResponseError>) {
    // The usual answer (an integer id, a result already encoded): its length is known before it is written, so it
    // goes straight into the writer's queue, with no array of its own. The bytes are what `encodeResponse` makes.
    if let sendInPlace, case .integer(let number) = id, case .success(let result) = outcome {
      let length =
        Self.responseStart.count + Self.decimalLength(of: number) + Self.resultMember.count + result.count + 1
      // A short answer (`ping`'s `{}`) is made whole on the stack: one append for header and body.
      let isShort = length <= MessageWriter.maxStartLength
      sendInPlace(
        length,
        { buffer in
          let startEnd = Self.writeResponseStart(id: number, into: buffer)
          guard isShort else { return startEnd }
          let resultEnd =
            startEnd + UnsafeMutableBufferPointer(rebasing: buffer[startEnd...]).update(fromContentsOf: result)
          buffer[resultEnd] = UInt8(ascii: "}")
          return resultEnd + 1
        }
      ) { output in
        guard !isShort else { return }
        output.append(contentsOf: result)
        output.append(UInt8(ascii: "}"))
      }
      return
    }
    send(encodeResponse(id: id, outcome: outcome))
  }

  /// Appends `{"jsonrpc":"2.0","id":N,"result":` in one piece, made on the stack.
  static func appendResponseStart(id number: Int, to output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: MessageWriter.maxStartLength) { buffer in
      let end = writeResponseStart(id: number, into: buffer)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<end]))
    }
  }

  /// Writes `{"jsonrpc":"2.0","id":N,"result":` (at most 52 bytes) at the start of `buffer`; returns its length.
  static func writeResponseStart(id number: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let start: StaticString = #"{"jsonrpc":"2.0","id":"#
    let member: StaticString = #","result":"#
    let digits = decimalLength(of: number)
    let idStart = start.withUTF8Buffer { buffer.update(fromContentsOf: $0) }
    let idEnd = idStart + digits
    var magnitude = number.magnitude
    var position = idEnd
    repeat {
      position -= 1
      buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    if number < 0 { buffer[idStart] = UInt8(ascii: "-") }
    let end = member.withUTF8Buffer { memberBytes in
      UnsafeMutableBufferPointer(rebasing: buffer[idEnd...]).update(fromContentsOf: memberBytes)
    }
    return idEnd + end
  }

  /// The number of bytes `JSONWriter.writeInteger` writes for `number`.
  static func decimalLength(of number: Int) -> Int {
    var magnitude = number.magnitude
    var count = number < 0 ? 2 : 1
    while magnitude >= 10 {
      magnitude /= 10
      count += 1
    }
    return count
  }
}
