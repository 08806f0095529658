import Foundation
import Testing

@testable import BeaconCore

/// ``StandardErrorQueue``: a reader that never reads must not block the logger; lost lines are counted.
@Suite struct StandardErrorQueueTests {
  /// A pipe whose ends the test closes.
  private struct Pipe {
    let read: Int32
    let write: Int32

    init() throws {
      // A writer stuck on a pipe whose read end is closed gets EPIPE instead of ending the test process.
      signal(SIGPIPE, SIG_IGN)
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
      read = ends[0]
      write = ends[1]
    }
  }

  @Test func enqueueNeverBlocksOnAPipeNobodyReadsAndCountsDroppedLines() throws {
    let pipe = try Pipe()
    // Only the read end is closed: the queue's thread keeps writing (now failing with EPIPE) to the write
    // end, which must not be closed and reused by another test's file meanwhile.
    defer { close(pipe.read) }
    let queue = StandardErrorQueue(descriptor: pipe.write, capacity: 8, maxLineBytes: 4 << 10)
    let line = String(repeating: "x", count: 4 << 10)
    // 2 MiB of log: far beyond the pipe's buffer plus the queue, so the writer thread must be stuck.
    var accepted = 0
    for _ in 0..<512 where queue.enqueue(line) { accepted += 1 }
    #expect(queue.droppedLineCount > 0, "accepted \(accepted)")
    #expect(queue.droppedLineCount + accepted == 512)
  }

  @Test func reportsTheDroppedLinesOnceTheReaderCatchesUp() async throws {
    let pipe = try Pipe()
    defer { close(pipe.read) }
    let queue = StandardErrorQueue(descriptor: pipe.write, capacity: 4, maxLineBytes: 4 << 10)
    let line = String(repeating: "y", count: 4 << 10)
    for _ in 0..<256 { queue.enqueue(line) }
    #expect(queue.droppedLineCount > 0)
    let readEnd = pipe.read
    let reader = Task.detached { () -> String in
      var text: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 64 << 10)
      while !String(decoding: text.suffix(64), as: UTF8.self).contains("last line") {
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        text.append(contentsOf: buffer[0..<count])
      }
      return String(decoding: text, as: UTF8.self)
    }
    // Keep offering the final line until there is room for it (the reader drains the pipe meanwhile).
    while !queue.enqueue("last line") { try await Task.sleep(for: .milliseconds(5)) }
    let text = await reader.value
    #expect(queue.flush(timeout: 10))
    close(pipe.write)
    #expect(text.contains("log lines dropped while stderr was not being read"))
    #expect(text.hasSuffix("last line\n"))
  }

  @Test func cutsLongLines() async throws {
    let pipe = try Pipe()
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    let queue = StandardErrorQueue(descriptor: pipe.write, capacity: 4, maxLineBytes: 32)
    #expect(queue.enqueue(String(repeating: "z", count: 1000)))
    #expect(queue.flush(timeout: 10))
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(pipe.read, $0.baseAddress, $0.count) }
    #expect(String(decoding: buffer[0..<max(0, count)], as: UTF8.self) == String(repeating: "z", count: 32) + "…\n")
  }
}
