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

/// Writes to the child's stdin on a serial background queue, so that a test never blocks on a full
/// pipe: every write and the final close happen in the order they were asked for.
final class InputWriter: @unchecked Sendable {
  // `@unchecked Sendable`: `isClosed` is only touched on `queue`, `failure` only under `lock` (so that it
  // can be read while a write is blocked on a full pipe).
  private let queue = DispatchQueue(label: "e2e.stdin")
  private let lock = NSLock()
  private let handle: FileHandle
  private var isClosed = false
  private var failure: String?

  init(handle: FileHandle) {
    self.handle = handle
  }

  func write(_ bytes: [UInt8]) {
    queue.async { [self] in
      guard !isClosed, writeFailure == nil else { return }
      let descriptor = handle.fileDescriptor
      bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if written > 0 {
            offset += written
          } else if written < 0 && errno == EINTR {
            continue
          } else {
            let message = "write to beacon's stdin failed (errno \(errno)) after \(offset) of \(buffer.count) bytes"
            lock.withLock { failure = message }
            return
          }
        }
      }
    }
  }

  func close() {
    queue.async { [self] in
      guard !isClosed else { return }
      isClosed = true
      try? handle.close()
    }
  }

  /// Waits until everything queued so far has been written; `false` when the deadline passed first.
  func waitUntilWritten(timeout: Double) -> Bool {
    let done = DispatchSemaphore(value: 0)
    queue.async { done.signal() }
    return done.wait(timeout: .now() + timeout) == .success
  }

  /// Why writing stopped, if it failed (usually: the process is gone).
  var writeFailure: String? { lock.withLock { failure } }
}

/// `write(2)`: inside a method named `write` the bare name would mean the method.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
