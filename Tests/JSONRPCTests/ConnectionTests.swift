import BeaconSync
import Foundation
import Testing

@testable import JSONRPC

private struct InitializeRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "initialize"
}

/// A request whose answer is 8 KiB, with ~1 KiB of params, for back-pressure.
private struct BulkyRequest: RequestType {
  struct Answer: Encodable, Sendable { var text = String(repeating: "x", count: 8 << 10) }
  typealias Response = Answer
  static let method = "test/bulky"
  var padding: String
}

private struct PipePair {
  let readEnd: Int32
  let writeEnd: Int32

  /// A pipe whose descriptors are numbered from `lowest` up: far from the low numbers that other tests in this
  /// process open and close all the time, so that a late `read`, `write` or `close` of a number another test no
  /// longer owns cannot hit this pipe.
  init(lowest: Int32 = 3) {
    var descriptors: [Int32] = [-1, -1]
    _ = pipe(&descriptors)
    guard lowest > 3 else {
      readEnd = descriptors[0]
      writeEnd = descriptors[1]
      return
    }
    // Where no such number is free (a low descriptor limit), the pipe keeps its own.
    func moved(_ descriptor: Int32) -> Int32 {
      let high = fcntl(descriptor, F_DUPFD_CLOEXEC, lowest)
      guard high >= 0 else { return descriptor }
      close(descriptor)
      return high
    }
    readEnd = moved(descriptors[0])
    writeEnd = moved(descriptors[1])
  }
}

private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}

private func readToEnd(_ descriptor: Int32) -> [UInt8] {
  var result: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { return result }
    result.append(contentsOf: buffer[0..<count])
  }
}

/// Runs a connection over pipes: writes `input`, closes it, and returns everything written back.
///
/// With `inPlace`, answers of a known length are written straight into the writer's queue, as `beacon serve` does.
private func converse(_ input: [UInt8], inPlace: Bool = false) async -> [UInt8] {
  let inbound = PipePair()
  let outbound = PipePair()
  let connection = Connection(input: inbound.readEnd, output: outbound.writeEnd)
  let writeInPlace: Dispatcher.SendInPlace = { connection.writer.enqueue(length: $0, start: $1, rest: $2) }
  let dispatcher = Dispatcher(send: { connection.writer.enqueue($0) }, sendInPlace: inPlace ? writeInPlace : nil)
  dispatcher.register(InitializeRequest.self) { _, _ in EmptyResult() }
  dispatcher.registerImmediate(EchoRequest.self) { EchoResult(text: $0.text) }
  let ended = Locked(false)
  connection.start(dispatcher: dispatcher) { ended.withLock { $0 = true } }
  writeAll(input, to: inbound.writeEnd)
  close(inbound.writeEnd)
  let deadline = ContinuousClock.now + .seconds(10)
  while !ended.withLock({ $0 }), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(5))
  }
  #expect(ended.withLock { $0 }, "the reader never saw the end of input")
  await dispatcher.drain()
  #expect(connection.writer.flush())
  close(outbound.writeEnd)
  let output = readToEnd(outbound.readEnd)
  close(outbound.readEnd)
  close(inbound.readEnd)
  return output
}

@Suite struct ConnectionTests {
  @Test(arguments: [false, true])
  func answersWrittenInPlaceAreTheBytesOfAnswersEncodedApart(newlineDelimited: Bool) async {
    // Integer ids of every length and sign (the in-place path), other ids and errors (the general path), results
    // of several lengths, all in one pipelined read after `initialize`; answered at once and by tasks.
    let ids = [
      "0", "9", "10", "-1", "-10", "99", "100", "123456789", "-987654321", "9223372036854775807",
      "-9223372036854775808", #""s""#, "1.5", "null",
    ]
    var bodies = [#"{"jsonrpc":"2.0","id":-1,"method":"initialize"}"#]
    for (position, id) in ids.enumerated() {
      let text = String(repeating: "é", count: position * 7)
      bodies.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"test/echo","params":{"text":"\#(text)"}}"#)
      bodies.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"test/missing"}"#)
    }
    let input: [UInt8] =
      newlineDelimited
      ? Array(bodies.joined(separator: "\n").utf8) + [0x0A]
      : bodies.flatMap { Array("Content-Length: \($0.utf8.count)\r\n\r\n\($0)".utf8) }
    let apart = await converse(input)
    let inPlace = await converse(input, inPlace: true)
    // Answers made by tasks may come in another order from run to run: the frames are compared as sets.
    let text = String(decoding: inPlace, as: UTF8.self)
    func frames(_ text: String) -> [String] {
      text.components(separatedBy: newlineDelimited ? "\n" : "Content-Length: ").sorted()
    }
    #expect(frames(text) == frames(String(decoding: apart, as: UTF8.self)))
    #expect(frames(text).count == 2 + 2 * ids.count, "an empty piece, `initialize` and two answers per id")
    for (position, id) in ids.enumerated() where id != "null" {
      let body = #"{"jsonrpc":"2.0","id":\#(id),"result":{"text":"\#(String(repeating: "é", count: position * 7))"}}"#
      let frame = newlineDelimited ? body + "\n" : "Content-Length: \(body.utf8.count)\r\n\r\n" + body
      #expect(text.contains(frame), "\(id)")
    }
  }

  @Test func answersNewlineDelimitedInputInKind() async throws {
    let input = #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"x"}"#
    let output = await converse(Array(input.utf8))
    let text = String(decoding: output, as: UTF8.self)
    #expect(!text.contains("Content-Length"))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines.last == "")
    let answers = try lines.dropLast().map { try JSONParser.parse(Array($0.utf8)) }
    #expect(answers.first { $0["id"] == 1 }?["result"] == [:])
    #expect(answers.first { $0["id"] == 2 }?["error"]?["code"] == .int(-32601))
  }

  @Test func answersContentLengthInputInKind() async throws {
    let bodies = [#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#, #"{"jsonrpc":"2.0","id":"b","method":"x"}"#]
    let input = bodies.flatMap { Array("Content-Length: \($0.utf8.count)\r\n\r\n\($0)".utf8) }
    let output = await converse(input)
    var framer = MessageFramer(framing: .contentLength)
    let events = framer.push(output) + framer.finish()
    #expect(events.count == 2)
    let answers = try events.map { event in
      guard case .message(let body) = event else { throw PipeFault() }
      return try JSONParser.parse(body)
    }
    #expect(answers.first { $0["id"] == 1 }?["result"] == [:])
    #expect(answers.first { $0["id"] == "b" }?["error"]?["code"] == .int(-32601))
  }

  @Test func answersAFramingFaultAndKeepsReading() async throws {
    let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#
    let input =
      "Content-Length: -1\r\n\r\nxx" + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" + "Content-Length: 99"
    let output = await converse(Array(input.utf8))
    var framer = MessageFramer(framing: .contentLength)
    let answers = try (framer.push(output) + framer.finish()).map { event in
      guard case .message(let body) = event else { throw PipeFault() }
      return try JSONParser.parse(body)
    }
    #expect(answers.count == 3)
    // The fault before the request is answered first; the request and the truncation at the end may race.
    #expect(answers.first?["error"]?["data"]?["reason"] == "invalidContentLength")
    #expect(answers.first?["id"] == .null)
    #expect(answers.first { $0["id"] == 1 }?["result"] == [:])
    let truncated = answers.first { $0["error"]?["data"]?["reason"] == "truncatedMessage" }
    #expect(truncated?["id"] == .null)
    #expect(truncated?["error"]?["code"] == .int(-32700))
  }

  @Test func aClientThatDoesNotReadItsAnswersIsNoLongerReadInsteadOfQueueingWithoutBound() async throws {
    // This test runs for seconds beside many others that open and close descriptors: high numbers keep it apart.
    let inbound = PipePair(lowest: 700)
    let outbound = PipePair(lowest: 700)
    let limit = 64 << 10
    let logged = Locked<[String]>([])
    let connection = Connection(
      input: inbound.readEnd,
      output: outbound.writeEnd,
      maxQueuedOutputBytes: limit,
      log: { line in logged.withLock { $0.append(line) } }
    )
    let dispatcher = Dispatcher(send: { connection.writer.enqueue($0) })
    dispatcher.register(InitializeRequest.self) { _, _ in EmptyResult() }
    let handled = Locked(0)
    // Answered on the reader thread, so each read's answers are queued before the next read: the bound below is
    // then exact. (Answers made in tasks can add at most `maxInFlight` more.)
    dispatcher.registerImmediate(BulkyRequest.self) { _ in
      handled.withLock { $0 += 1 }
      return BulkyRequest.Answer()
    }
    let ended = Locked(false)
    connection.start(dispatcher: dispatcher) { ended.withLock { $0 = true } }
    let requests = 1_000
    func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }
    // `initialize` first and finished, so that every later request is answered on the reader thread.
    writeAll(frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#), to: inbound.writeEnd)
    while dispatcher.phase != .initialized {
      try await Task.sleep(for: .milliseconds(1))
    }
    await dispatcher.drain()
    var input: [UInt8] = []
    let padding = String(repeating: "p", count: 1_000)
    for id in 1...requests {
      input += frame(#"{"jsonrpc":"2.0","id":\#(id),"method":"test/bulky","params":{"padding":"\#(padding)"}}"#)
    }
    // The client writes all 1 MiB of requests (blocking when the pipe is full) and reads nothing yet.
    Thread { [input] in
      writeAll(input, to: inbound.writeEnd)
      close(inbound.writeEnd)
    }.start()
    // Wait until the server stops handling requests (the count holds still for 300 ms), at most 10 s.
    var last = -1
    var still = 0
    let deadline = ContinuousClock.now + .seconds(10)
    while still < 3, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(100))
      let now = handled.withLock { $0 }
      still = now == last ? still + 1 : 0
      last = now
    }
    // Bounded by the limit (8 answers), what one 64 KiB read can ask for (~63 requests) and what the pipe itself
    // holds (8 answers); without back-pressure all 1 000 answers (8 MiB) would be queued.
    let stalled = handled.withLock { $0 }
    #expect(stalled < 100, "\(stalled) requests handled although nobody read an answer")
    #expect(connection.writer.queuedByteCount < limit + 64 * (8 << 10 + 64))
    #expect(!ended.withLock { $0 })
    // Once the client reads, everything is answered, exactly once.
    let output = Locked<[UInt8]?>(nil)
    Thread {
      let bytes = readToEnd(outbound.readEnd)
      output.withLock { $0 = bytes }
    }.start()
    // The pipe is closed below: only once the connection has ended, or a live writer would lose its descriptor
    // (EBADF) and drop the rest. A slow machine (AddressSanitizer, a full parallel run) gets two minutes.
    while !ended.withLock({ $0 }), ContinuousClock.now < deadline + .seconds(120) {
      try await Task.sleep(for: .milliseconds(5))
    }
    try #require(ended.withLock { $0 }, "the connection did not end within two minutes of the client reading")
    await dispatcher.drain()
    #expect(connection.writer.flush())
    close(outbound.writeEnd)
    while output.withLock({ $0 == nil }) { try await Task.sleep(for: .milliseconds(5)) }
    var framer = MessageFramer(framing: .contentLength)
    let ids = (framer.push(output.withLock { $0 } ?? []) + framer.finish()).compactMap { event -> JSONValue? in
      guard case .message(let body) = event else { return nil }
      return try? JSONParser.parse(body)["id"]
    }
    let received = output.withLock { $0?.count ?? 0 }
    #expect(ids.count == requests + 1, "\(received) bytes read back; writer: \(logged.withLock { $0 })")
    #expect(Set(ids.compactMap(\.intValue)) == Set(0...requests))
    #expect(handled.withLock { $0 } == requests)
    close(inbound.readEnd)
    close(outbound.readEnd)
  }
}

private struct PipeFault: Error {}
