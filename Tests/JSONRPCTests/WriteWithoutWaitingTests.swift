import Foundation
import Testing

@testable import JSONRPC

/// Direct writes take what the descriptor takes now and never wait: a full pipe gets nothing (and the writer thread
/// sends the frame later), descriptors that cannot say so without `poll` still get everything.
@Suite struct WriteWithoutWaitingTests {
  private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int {
    bytes.withUnsafeBytes { WriteWithoutWaiting.writeNow(descriptor, $0) }
  }

  @Test func aPipeGetsWhatFitsAndAFullPipeNothingWithoutBlocking() throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    // Fill the pipe: every write takes what fits, until one takes nothing (a blocking write would hang there).
    let chunk = [UInt8](repeating: 0x61, count: 4_096)
    var filled = 0
    var last = -1
    while last != 0, filled <= 1 << 20 {
      last = Self.write(chunk, to: ends[1])
      try #require(last >= 0)
      filled += last
    }
    #expect(last == 0, "the pipe never filled")
    #expect(filled >= 4_096)
    #expect(Self.write(Array("more".utf8), to: ends[1]) == 0)
    var buffer = [UInt8](repeating: 0, count: filled)
    var drained = 0
    while drained < filled {
      let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress.map { $0 + drained }, filled - drained) }
      try #require(count > 0)
      drained += count
    }
    #expect(buffer == [UInt8](repeating: 0x61, count: filled))
    #expect(Self.write(Array("more".utf8), to: ends[1]) == 4)
    let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
    #expect(Array(buffer[0..<max(count, 0)]) == Array("more".utf8))
  }

  @Test func aFileAndDevNullGetEverything() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-nowait-\(UUID().uuidString)").path
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(file >= 0)
    defer {
      close(file)
      unlink(path)
    }
    let bytes = Array(#"Content-Length: 2\r\n\r\n{}"#.utf8)
    #expect(Self.write(bytes, to: file) == bytes.count)
    #expect(FileManager.default.contents(atPath: path).map { Array($0) } == bytes)
    let null = open("/dev/null", O_WRONLY)
    try #require(null >= 0)
    defer { close(null) }
    #expect(Self.write(bytes, to: null) == bytes.count)
  }
}
