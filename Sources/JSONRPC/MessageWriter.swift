import Foundation
import Synchronization

/// The single writer of a connection: frames messages and writes them, in order, on its own thread.
///
/// `enqueue` never blocks on the peer, so the reader keeps reading while a slow client drains its
/// end of the pipe (no two-way pipe deadlock). Frames are written whole, queued frames are coalesced
/// into one `write(2)`, and a write error (the peer went away) drops further output.
public final class MessageWriter: Sendable {
  private struct Queue {
    var pending: [UInt8] = []
    var isClosed = false
    var isWriting = false
  }

  private let fileDescriptor: Int32
  private let framing: Mutex<MessageFramer.Framing>
  private let queue = Mutex(Queue())
  private let condition = NSCondition()
  private let log: @Sendable (String) -> Void

  /// Creates a writer for `fileDescriptor` and starts its thread.
  ///
  /// - Parameters:
  ///   - fileDescriptor: Where frames go; not closed by the writer.
  ///   - framing: How to frame output; ``MessageFramer/Framing/automatic`` means Content-Length until
  ///     ``setFraming(_:)`` says otherwise.
  public init(
    fileDescriptor: Int32,
    framing: MessageFramer.Framing = .contentLength,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.fileDescriptor = fileDescriptor
    self.framing = Mutex(framing)
    self.log = log
    let thread = Thread { [self] in self.run() }
    thread.name = "beacon.writer"
    thread.start()
  }

  /// Switches the output framing, e.g. once the input framing has been detected.
  public func setFraming(_ framing: MessageFramer.Framing) {
    self.framing.withLock { $0 = framing }
  }

  /// Frames one message body and queues it for writing.
  public func enqueue(_ body: [UInt8]) {
    let frame = Self.frame(body, framing: framing.withLock { $0 })
    condition.lock()
    let accepted = queue.withLock { queue in
      guard !queue.isClosed else { return false }
      queue.pending.append(contentsOf: frame)
      return true
    }
    if accepted { condition.signal() }
    condition.unlock()
  }

  /// Frames `body`: `Content-Length: N\r\n\r\n` + body, or body + `\n`.
  public static func frame(_ body: [UInt8], framing: MessageFramer.Framing) -> [UInt8] {
    switch framing {
    case .newlineDelimited:
      return body + [0x0A]
    case .automatic, .contentLength:
      var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
      frame.append(contentsOf: body)
      return frame
    }
  }

  /// Waits until everything queued so far has been written, or `timeout` seconds have passed.
  ///
  /// - Returns: `true` when the queue drained in time.
  @discardableResult
  public func flush(timeout: Double = 5) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while queue.withLock({ !$0.pending.isEmpty || $0.isWriting }) {
      if !condition.wait(until: deadline) { return false }
    }
    return true
  }

  private func run() {
    while true {
      condition.lock()
      var chunk: [UInt8] = []
      while true {
        let (taken, closed) = queue.withLock { queue -> ([UInt8], Bool) in
          let taken = queue.pending
          queue.pending = []
          queue.isWriting = !taken.isEmpty
          return (taken, queue.isClosed)
        }
        if !taken.isEmpty || closed {
          chunk = taken
          break
        }
        condition.broadcast()  // Wake any flush() waiting for an empty queue.
        condition.wait()
      }
      condition.unlock()
      if chunk.isEmpty { return }
      if !writeAll(chunk) {
        queue.withLock { queue in
          queue.isClosed = true
          queue.pending = []
        }
      }
      queue.withLock { $0.isWriting = false }
      condition.lock()
      condition.broadcast()
      condition.unlock()
    }
  }

  private func writeAll(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(fileDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
          var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&descriptor, 1, 1000)
        } else {
          log("Write to the client failed (errno \(errno)); dropping further output")
          return false
        }
      }
      return true
    }
  }
}
