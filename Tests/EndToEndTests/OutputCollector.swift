import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Drains one pipe of the child on a background thread, keeping every byte and, for stdout, the
/// messages a ``MessageFramer`` finds in them.
final class OutputCollector: @unchecked Sendable {
  // `@unchecked Sendable`: every mutable property is guarded by `condition`.
  private let condition = NSCondition()
  private let handle: FileHandle
  private let parsesMessages: Bool
  private var storage: [UInt8] = []
  private var framer = MessageFramer(framing: .automatic)
  private var parsed: [JSONValue] = []
  private var problems: [String] = []
  private var isFinished = false
  private var isPaused = false
  private let reads: Bool

  /// Starts reading `handle`; with `slowReads > 0` the first that many reads take at most 512 bytes
  /// each and pause 20 ms before reading, like a client that is slow to drain its end of the pipe.
  /// With `reads: false` the pipe is never read, like a client that ignores it (its buffer fills up).
  init(handle: FileHandle, name: String, parsesMessages: Bool, slowReads: Int = 0, reads: Bool = true) {
    self.handle = handle
    self.parsesMessages = parsesMessages
    self.reads = reads
    guard reads else { return }
    let thread = Thread { [self] in self.readLoop(slowReads: slowReads) }
    thread.name = "e2e.\(name)"
    thread.start()
  }

  /// Closes the pipe's end if it was never read (`reads: false`); call once the child is gone.
  func closeUnread() {
    if !reads { try? handle.close() }
  }

  /// Stops reading after the read in progress, like a client that stops draining the pipe, until ``resume()``.
  func pause() {
    condition.lock()
    isPaused = true
    condition.unlock()
  }

  /// Reads again after ``pause()``.
  func resume() {
    condition.lock()
    isPaused = false
    condition.broadcast()
    condition.unlock()
  }

  private func readLoop(slowReads: Int) {
    let descriptor = handle.fileDescriptor
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var reads = 0
    while true {
      condition.lock()
      while isPaused { condition.wait() }
      condition.unlock()
      let isSlow = reads < slowReads
      if isSlow { Thread.sleep(forTimeInterval: 0.02) }
      let size = isSlow ? 512 : buffer.count
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, size) }
      if count > 0 {
        reads += 1
        append(Array(buffer[0..<count]))
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    // The pipe's end is closed here, not when the handle goes: `Process` keeps its `Pipe`s (and so this handle)
    // alive, and a test run that spawns thousands of children would otherwise keep thousands of descriptors open.
    try? handle.close()
    condition.lock()
    if parsesMessages {
      for event in framer.finish() { record(event) }
    }
    isFinished = true
    condition.broadcast()
    condition.unlock()
  }

  private func append(_ chunk: [UInt8]) {
    condition.lock()
    storage.append(contentsOf: chunk)
    if parsesMessages {
      for event in framer.push(chunk) { record(event) }
    }
    condition.broadcast()
    condition.unlock()
  }

  /// Called with `condition` held.
  private func record(_ event: MessageFramer.Event) {
    switch event {
    case .message(let body):
      do {
        parsed.append(try JSONParser.parse(body))
      } catch {
        problems.append("unparsable message (\(error)): \(excerpt(body))")
      }
    case .error(let error):
      problems.append("framing fault on stdout: \(error)")
    }
  }

  /// Every byte read so far.
  var bytes: [UInt8] { locked { storage } }
  /// Every byte read so far, as UTF-8 text.
  var text: String { String(decoding: bytes, as: UTF8.self) }
  /// Every message (object or batch array) framed so far, in arrival order.
  var messages: [JSONValue] { locked { parsed } }
  /// What the framer or parser could not make sense of.
  var faults: [String] { locked { problems } }
  /// Whether the pipe has reached end of file.
  var hasEnded: Bool { locked { isFinished } }

  /// Waits until `extract` returns a value or the deadline passes; `extract` sees the messages so far
  /// and whether the stream has ended, under the lock.
  func wait<T>(timeout: Double, _ extract: ([JSONValue], _ ended: Bool) -> T?) -> T? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let value = extract(parsed, isFinished) { return value }
      if isFinished { return nil }
      if !condition.wait(until: deadline) { return extract(parsed, isFinished) }
    }
  }

  /// Waits until the pipe reaches end of file; `false` when the deadline passed first.
  func waitForEnd(timeout: Double) -> Bool {
    wait(timeout: timeout) { _, ended in ended ? true : nil } ?? false
  }

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }
}

/// A short printable rendering of bytes for failure messages.
func excerpt(_ bytes: some Collection<UInt8>, limit: Int = 600) -> String {
  let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
    .replacingOccurrences(of: "\r", with: "\\r")
    .replacingOccurrences(of: "\n", with: "\\n")
  return bytes.count > limit ? text + "… (\(bytes.count) bytes)" : text
}
