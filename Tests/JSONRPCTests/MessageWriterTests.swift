import BeaconSync
import Foundation
import Testing

@testable import JSONRPC

private struct PipeError: Error {}

/// A pipe whose read end is read to end of file on a background thread.
private final class PipeCapture: Sendable {
  let writeEnd: Int32
  private let readEnd: Int32
  private let received = Locked<[UInt8]>([])
  private let finished = DispatchSemaphore(value: 0)

  init() throws {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw PipeError() }
    readEnd = descriptors[0]
    writeEnd = descriptors[1]
    let thread = Thread { [self] in self.readToEnd() }
    thread.start()
  }

  private func readToEnd() {
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      if count > 0 {
        received.withLock { $0.append(contentsOf: buffer[0..<count]) }
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    close(readEnd)
    finished.signal()
  }

  /// Closes the write end and returns everything written to it.
  func closeAndCollect() -> [UInt8] {
    close(writeEnd)
    finished.wait()
    return received.withLock { $0 }
  }
}

/// Frames a captured Content-Length stream back into bodies; any framing fault is returned as a failure.
private func bodies(in stream: [UInt8]) -> [[UInt8]]? {
  var framer = MessageFramer(framing: .contentLength)
  var bodies: [[UInt8]] = []
  for event in framer.push(stream) + framer.finish() {
    guard case .message(let body) = event else { return nil }
    bodies.append(body)
  }
  return bodies
}

@Suite struct MessageWriterTests {
  @Test func framesWithContentLengthCountingBytes() {
    let body = Array(#"{"t":"æ😀"}"#.utf8)
    #expect(MessageWriter.frame(body, framing: .contentLength) == Array("Content-Length: 14\r\n\r\n".utf8) + body)
    #expect(MessageWriter.frame(body, framing: .automatic) == Array("Content-Length: 14\r\n\r\n".utf8) + body)
    #expect(MessageWriter.frame(body, framing: .newlineDelimited) == body + [0x0A])
  }

  @Test func writesEveryFrameWholeWhenEnqueuedFromManyThreads() throws {
    let capture = try PipeCapture()
    let writer = MessageWriter(fileDescriptor: capture.writeEnd)
    let threads = 8
    let perThread = 250
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for number in 0..<perThread {
        let padding = String(repeating: thread % 2 == 0 ? "x" : "ø", count: (number * 37 + thread * 11) % 3000)
        let body: JSONValue = ["thread": .int(thread), "number": .int(number), "padding": .string(padding)]
        writer.enqueue(JSONWriter.serialize(body))
      }
    }
    #expect(writer.flush(timeout: 60))
    let stream = capture.closeAndCollect()
    let framed = try #require(bodies(in: stream))
    #expect(framed.count == threads * perThread)
    var nextNumber = [Int](repeating: 0, count: threads)
    for body in framed {
      let value = try JSONParser.parse(body)
      let thread = try #require(value["thread"]?.intValue)
      let number = try #require(value["number"]?.intValue)
      // Frames from one thread keep their order.
      #expect(number == nextNumber[thread])
      nextNumber[thread] = number + 1
      #expect(value["padding"]?.stringValue?.count == (number * 37 + thread * 11) % 3000)
    }
    #expect(nextNumber == [Int](repeating: perThread, count: threads))
  }

  @Test func writesNewlineDelimitedFramesAsBodyAndNewline() throws {
    let capture = try PipeCapture()
    let writer = MessageWriter(fileDescriptor: capture.writeEnd, framing: .newlineDelimited)
    let first = Array(#"{"id":1,"result":"line\nbreak"}"#.utf8)
    let second = Array(#"{"id":2,"result":"ø"}"#.utf8)
    writer.enqueue(first)
    writer.enqueue(second)
    #expect(writer.flush())
    #expect(capture.closeAndCollect() == first + [0x0A] + second + [0x0A])
  }

  @Test func switchesFramingForLaterFrames() throws {
    let capture = try PipeCapture()
    let writer = MessageWriter(fileDescriptor: capture.writeEnd)
    let first = Array(#"{"id":1}"#.utf8)
    let second = Array(#"{"id":2}"#.utf8)
    writer.enqueue(first)
    writer.setFraming(.newlineDelimited)
    writer.enqueue(second)
    #expect(writer.flush())
    #expect(capture.closeAndCollect() == Array("Content-Length: 8\r\n\r\n".utf8) + first + second + [0x0A])
  }

  @Test func flushReturnsOnceTheFramesAreInThePipe() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    #expect(fcntl(descriptors[0], F_SETFL, fcntl(descriptors[0], F_GETFL) | O_NONBLOCK) == 0)
    let writer = MessageWriter(fileDescriptor: descriptors[1])
    let bodies = (0..<20).map { Array(#"{"id":\#($0),"pad":"\#(String(repeating: "p", count: $0 * 50))"}"#.utf8) }
    for body in bodies {
      writer.enqueue(body)
    }
    #expect(writer.flush())
    let expected = bodies.flatMap { MessageWriter.frame($0, framing: .contentLength) }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    let count = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
    #expect(count == expected.count)
    #expect(Array(buffer[0..<max(count, 0)]) == expected)
  }

  @Test func aFullPipeNeverBlocksTheCallerAndFramesKeepTheirOrder() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    // Fill the pipe so that it is not writable, then enqueue small frames, which would be written directly if
    // there were room: the caller must return at once while nobody reads.
    let filler = [UInt8](repeating: UInt8(ascii: "f"), count: 1 << 20)
    #expect(fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK) == 0)
    var filled = 0
    while true {
      let written = filler.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
      if written <= 0 { break }
      filled += written
    }
    #expect(fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) & ~O_NONBLOCK) == 0)
    let writer = MessageWriter(fileDescriptor: descriptors[1])
    let bodies = (0..<50).map { Array(#"{"id":\#($0)}"#.utf8) }
    let returned = DispatchSemaphore(value: 0)
    Thread {
      for body in bodies { writer.enqueue(body) }
      returned.signal()
    }.start()
    #expect(returned.wait(timeout: .now() + 30) == .success, "enqueue blocked on a full pipe")
    // Now drain: the filler first, then every frame in order.
    let expected = bodies.flatMap { MessageWriter.frame($0, framing: .contentLength) }
    var stream: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while stream.count < filled + expected.count {
      let count = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
      if count <= 0 { break }
      stream.append(contentsOf: buffer[0..<count])
    }
    #expect(stream.count == filled + expected.count)
    #expect(Array(stream.dropFirst(filled)) == expected)
  }

  @Test func framesEnqueuedWhileCollectingAreWrittenTogetherAfterwardsInOrder() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    #expect(fcntl(descriptors[0], F_SETFL, fcntl(descriptors[0], F_GETFL) | O_NONBLOCK) == 0)
    let writer = MessageWriter(fileDescriptor: descriptors[1])
    let bodies = (0..<30).map { Array(#"{"id":\#($0)}"#.utf8) }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var readWhileCollecting = 0
    writer.collectingWrites {
      for body in bodies { writer.enqueue(body) }
      readWhileCollecting = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
    }
    #expect(readWhileCollecting == -1, "nothing is written while collecting")
    #expect(writer.flush())
    let count = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
    #expect(Array(buffer[0..<max(count, 0)]) == bodies.flatMap { MessageWriter.frame($0, framing: .contentLength) })
  }

  @Test func framesCollectedBeyondTheDirectLimitAreWrittenByTheWriterThreadUnasked() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    let writer = MessageWriter(fileDescriptor: descriptors[1])
    // The writer thread asleep first: it has written a frame too large for the caller, and waits for the next.
    let first = Array(#"{"id":0,"pad":"\#(String(repeating: "p", count: 5_000))"}"#.utf8)
    let firstFrame = MessageWriter.frame(first, framing: .contentLength)
    writer.enqueue(first)
    #expect(writer.flush())
    #expect(readUpTo(firstFrame.count, from: descriptors[0]) == firstFrame)
    Thread.sleep(forTimeInterval: 0.05)
    // More than the calling thread writes itself: the end of the collection must wake the writer thread.
    let bodies = (0..<10).map { Array(#"{"id":\#($0),"pad":"\#(String(repeating: "p", count: 600))"}"#.utf8) }
    writer.collectingWrites {
      for body in bodies { writer.enqueue(body) }
    }
    let expected = bodies.flatMap { MessageWriter.frame($0, framing: .contentLength) }
    #expect(expected.count > MessageWriter.directWriteLimit)
    // No flush: nobody else would wake the writer thread.
    #expect(readUpTo(expected.count, from: descriptors[0]) == expected)
  }

  @Test func aFrameThePeerCannotTakeNowIsWrittenByTheWriterThreadOnceItCan() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    // A full pipe: the one frame's direct write takes nothing, and the writer thread must be woken to send it.
    let filler = [UInt8](repeating: UInt8(ascii: "f"), count: 1 << 20)
    #expect(fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK) == 0)
    var filled = 0
    while true {
      let written = filler.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
      if written <= 0 { break }
      filled += written
    }
    #expect(fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) & ~O_NONBLOCK) == 0)
    let writer = MessageWriter(fileDescriptor: descriptors[1])
    let body = Array(#"{"id":1}"#.utf8)
    writer.enqueue(body)
    let stream = readUpTo(filled + MessageWriter.frame(body, framing: .contentLength).count, from: descriptors[0])
    #expect(Array(stream.dropFirst(filled)) == MessageWriter.frame(body, framing: .contentLength))
  }

  /// Reads until `count` bytes came or nothing more comes within 10 s.
  private func readUpTo(_ count: Int, from descriptor: Int32) -> [UInt8] {
    var stream: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while stream.count < count {
      var readable = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&readable, 1, 10_000) == 1 else { break }
      let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if got <= 0 { break }
      stream.append(contentsOf: buffer[0..<got])
    }
    return stream
  }

  @Test func flushWithNothingQueuedReturnsTrue() throws {
    let capture = try PipeCapture()
    let writer = MessageWriter(fileDescriptor: capture.writeEnd)
    #expect(writer.flush())
    #expect(capture.closeAndCollect().isEmpty)
  }
}
