// libFuzzer target: bytes from the wire → MessageFramer → JSONParser → IncomingMessage, as the reader
// thread (`Connection`) and `Dispatcher.receive(_:)` drive them, plus the writer for every answer.
//
// The first input byte is a control byte; the rest is the byte stream:
// - `control % 3` picks the framing (automatic, Content-Length, newline-delimited);
// - `(control / 3) % 2 == 1` selects tiny limits (so the limit paths are reachable with small inputs);
// - `control / 6 + 1` is the chunk size the stream is pushed in.
//
// Checked on every input (a failed check is a crash, which libFuzzer reports and saves):
// - framing the stream in chunks yields the same events as framing it in one piece;
// - no message body exceeds `maxMessageBytes`, and newline-delimited bodies carry no surrounding whitespace;
// - every parsed body writes back (JSONWriter) as JSON that parses to the same value;
// - every answer the dispatcher would write for an invalid message is itself valid JSON.
//
// Built by Scripts/fuzz.sh; not part of the package.

import JSONRPC

/// The tiny limits selected by the control byte.
private let tinyLimits = MessageFramer.Limits(maxMessageBytes: 48, maxHeaderLineBytes: 24, maxHeaderFields: 3)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFramer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let control = Int(data[0])
  let stream = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let framing: MessageFramer.Framing = [.automatic, .contentLength, .newlineDelimited][control % 3]
  let limits = (control / 3) % 2 == 1 ? tinyLimits : MessageFramer.Limits()
  let chunkSize = control / 6 + 1

  var whole = MessageFramer(framing: framing, limits: limits)
  let wholeEvents = whole.push(stream) + whole.finish()

  var chunked = MessageFramer(framing: framing, limits: limits)
  var chunkedEvents: [MessageFramer.Event] = []
  var start = 0
  while start < stream.count {
    let end = min(start + chunkSize, stream.count)
    chunkedEvents += chunked.push(Array(stream[start..<end]))
    start = end
  }
  chunkedEvents += chunked.finish()
  precondition(
    wholeEvents.map(comparable) == chunkedEvents.map(comparable),
    "chunked framing differs: \(wholeEvents) vs \(chunkedEvents)"
  )
  precondition(whole.framing == chunked.framing, "framing detection differs")

  for event in wholeEvents {
    guard case .message(let body) = event else { continue }
    precondition(body.count <= limits.maxMessageBytes, "body over the limit")
    if whole.framing == .newlineDelimited, let first = body.first, let last = body.last {
      precondition(!isWhitespace(first) && !isWhitespace(last), "newline-delimited body not trimmed")
    }
    receive(body)
  }
  return 0
}

/// Events with what legitimately depends on chunking erased: a line that is too long is reported as soon
/// as it passes the limit, with the length seen so far.
private func comparable(_ event: MessageFramer.Event) -> MessageFramer.Event {
  if case .error(.messageTooLarge(_, let limit)) = event { return .error(.messageTooLarge(length: 0, limit: limit)) }
  return event
}

private func isWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

/// What `Dispatcher.receive(_:)` does with a body, minus running handlers.
private func receive(_ body: [UInt8]) {
  let value: JSONValue
  do {
    value = try JSONParser.parse(body, maxDepth: JSONParser.defaultMaxDepth, exactNumberKeys: ["id"])
  } catch {
    checkAnswer(id: .null, error: .parseError(error))
    return
  }
  checkRoundTrip(value)
  guard case .array(let elements) = value else {
    classify(IncomingMessage(value))
    return
  }
  guard !elements.isEmpty else {
    checkAnswer(id: .null, error: .emptyBatch)
    return
  }
  for element in elements.prefix(10_000) { classify(IncomingMessage(element)) }
}

private func classify(_ message: IncomingMessage) {
  switch message {
  case .request(let id, let method, _):
    checkAnswer(id: id, error: .methodNotFound(method))
  case .invalid(let id, let error):
    checkAnswer(id: id ?? .null, error: error)
  case .notification(_, let params):
    if let params { precondition(params.arrayValue != nil || params.objectValue != nil, "params not structured") }
  case .response:
    break
  }
}

/// The answer the dispatcher would write must be one valid JSON object that reads back the same.
private func checkAnswer(id: RequestID, error: ResponseError) {
  let answer: JSONValue = ["jsonrpc": "2.0", "id": id.jsonValue, "error": error.jsonValue]
  checkRoundTrip(answer)
}

private func checkRoundTrip(_ value: JSONValue) {
  let text = JSONWriter.serialize(value)
  let reparsed: JSONValue
  do {
    // Read back as a client reads an answer: an id is echoed as it was spelled, which may be a number no
    // `Double` holds (`1e400`), so ids are kept exact here too.
    reparsed = try JSONParser.parse(text, maxDepth: JSONParser.defaultMaxDepth + 4, exactNumberKeys: ["id"])
  } catch {
    preconditionFailure("the writer produced invalid JSON: \(error): \(String(decoding: text, as: UTF8.self))")
  }
  precondition(sameValue(value, reparsed), "round trip changed the value: \(value) vs \(reparsed)")
}

/// Equality up to the writer's number spelling (an integral double is written without a fraction; a number
/// kept exactly, `.exactNumber`, reads back as the number it spells).
private func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
  switch (a, b) {
  case (.double(let x), .int(let y)), (.int(let y), .double(let x)):
    return x == Double(y)
  case (.exactNumber(let text), let other), (let other, .exactNumber(let text)):
    return Double(text) != nil && Double(text) == other.doubleValue
  case (.array(let x), .array(let y)):
    return x.count == y.count && zip(x, y).allSatisfy(sameValue)
  case (.object(let x), .object(let y)):
    return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameValue(value, $0) } ?? false }
  default:
    return a == b
  }
}
