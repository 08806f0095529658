import BeaconSync
import Foundation

/// The single writer of a connection: frames messages and writes them, in order, on its own thread.
///
/// `enqueue` never blocks on the peer, so the reader keeps reading while a slow client drains its
/// end of the pipe (no two-way pipe deadlock). Frames are written whole, queued frames are coalesced
/// into one `write(2)`, and a write error (the peer went away) drops further output.
///
/// When nothing is queued or being written, the calling thread writes the frame itself, as far as the peer takes it
/// now (``WriteWithoutWaiting``: never blocking): a request answered on the reader thread then costs no thread wake-up
/// at all, and one system call.
package final class MessageWriter: Sendable {
  private struct Queue {
    /// How frames are made: kept with the queue, so a collected answer takes one lock hold.
    var framing: MessageFramer.Framing
    var pending: [UInt8] = []
    var isClosed = false
    /// The writer thread is writing a chunk it took.
    var isWriting = false
    /// The size of that chunk: still in memory until it is written, so it counts against ``waitForRoom(limit:)``.
    var writingByteCount = 0
    /// A caller of `enqueue` is writing its frame directly.
    var isWritingDirectly = false
    /// Frames are being collected (``collectingWrites(_:)``): queue them, write them when it ends.
    var isCollecting = false
    /// Callers of ``flush(timeout:)`` waiting for the queue to drain.
    var flushWaiters = 0

    var isIdle: Bool { pending.isEmpty && !isWriting && !isWritingDirectly }
    /// The output held in memory: queued, or taken by the writer thread and not yet written.
    var heldByteCount: Int { pending.count + writingByteCount }
  }

  /// The largest frame written directly: what a pipe takes in one piece without blocking once it is writable.
  static let directWriteLimit = 4_096

  private let fileDescriptor: Int32
  private let queue: Locked<Queue>
  private let condition = NSCondition()
  private let log: @Sendable (String) -> Void

  /// Creates a writer for `fileDescriptor` and starts its thread.
  ///
  /// - Parameters:
  ///   - fileDescriptor: Where frames go; not closed by the writer.
  ///   - framing: How to frame output; ``MessageFramer/Framing/automatic`` means Content-Length until
  ///     ``setFraming(_:)`` says otherwise.
  package init(
    fileDescriptor: Int32,
    framing: MessageFramer.Framing = .contentLength,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.fileDescriptor = fileDescriptor
    queue = Locked(Queue(framing: framing))
    self.log = log
    let thread = Thread { [self] in self.run() }
    thread.name = "beacon.writer"
    thread.start()
  }

  /// Switches the output framing, e.g. once the input framing has been detected.
  package func setFraming(_ framing: MessageFramer.Framing) {
    queue.withLock { $0.framing = framing }
  }

  /// Frames one message body and queues it for writing.
  package func enqueue(_ body: [UInt8]) {
    // While a read's answers are collected (a pipelined read), the frame goes straight into the queue under one lock:
    // no frame of its own, no wake-up (the collection's end writes or signals).
    let notCollected = queue.withLock { queue -> MessageFramer.Framing? in
      guard queue.isCollecting, !queue.isClosed else { return queue.framing }
      Self.appendFrame(body, framing: queue.framing, to: &queue.pending)
      return nil
    }
    guard let framing = notCollected else { return }
    enqueue(frame: Self.frame(body, framing: framing))
  }

  /// Writes `frame` directly when the writer is idle and the peer can take it now, else queues it.
  private func enqueue(frame: [UInt8]) {
    if frame.count <= Self.directWriteLimit, writeDirectly(frame) { return }
    condition.lock()
    let signal = queue.withLock { queue in
      guard !queue.isClosed else { return false }
      queue.pending.append(contentsOf: frame)
      return !queue.isCollecting
    }
    if signal { condition.signal() }
    condition.unlock()
  }

  /// Queues one message body of `length` bytes: `start` writes its first bytes (at most ``maxStartLength``) into a
  /// buffer on the stack and returns how many, `rest` appends the others. While a read's answers are collected, the
  /// frame's header and the body's start go into the queue in one piece and the rest after them; otherwise they go
  /// into the frame's array. Either way the body has no array of its own.
  ///
  /// Together the two must write exactly `length` bytes (the header says so before they are written).
  package func enqueue(
    length: Int,
    start: (UnsafeMutableBufferPointer<UInt8>) -> Int,
    rest: (inout [UInt8]) -> Void
  ) {
    let notCollected = queue.withLock { queue -> MessageFramer.Framing? in
      guard queue.isCollecting, !queue.isClosed else { return queue.framing }
      Self.appendFrame(length: length, framing: queue.framing, to: &queue.pending, start: start, rest: rest)
      return nil
    }
    guard let framing = notCollected else { return }
    // Otherwise the frame is made at once, header and body in one array: no array of the body's own, copied again.
    var frame: [UInt8] = []
    frame.reserveCapacity(Self.maxHeaderLength + length + 1)
    Self.appendFrame(length: length, framing: framing, to: &frame, start: start, rest: rest)
    enqueue(frame: frame)
  }

  /// The most bytes the `start` of ``enqueue(length:start:rest:)`` may write.
  package static let maxStartLength = 64

  /// Runs `body` (the handling of one read's messages) with every frame it enqueues held back, then writes
  /// them together: one `write(2)` for a whole pipelined read instead of one per answer.
  package func collectingWrites(_ body: () -> Void) {
    queue.withLock { $0.isCollecting = true }
    body()
    // The frames are copied out to the stack, so the queue keeps its storage for the next read's frames.
    withUnsafeTemporaryAllocation(byteCount: Self.directWriteLimit, alignment: 1) { scratch in
      let (heldCount, wake) = queue.withLock { queue -> (Int, Bool) in
        queue.isCollecting = false
        guard !queue.isWriting, !queue.isWritingDirectly, !queue.isClosed, !queue.pending.isEmpty,
          queue.pending.count <= Self.directWriteLimit
        else { return (0, Self.hasWork(queue)) }
        // Claimed together with taking the frames, so nothing enqueued meanwhile can overtake them.
        queue.isWritingDirectly = true
        let count = queue.pending.count
        queue.pending.withUnsafeBytes { scratch.copyMemory(from: $0) }
        queue.pending.removeAll(keepingCapacity: true)
        return (count, false)
      }
      if heldCount > 0 {
        writeClaimed(UnsafeRawBufferPointer(rebasing: scratch[..<heldCount]))
      } else if wake {
        // Nothing held back (the usual read of a request answered in a task): the writer thread sleeps on. Signalled
        // after the change, under the condition's lock: a thread that saw the old state is waiting by then.
        condition.lock()
        condition.signal()
        condition.unlock()
      }
    }
  }

  /// Whether the writer thread or a ``flush(timeout:)`` has something to do: frames queued, or a flush waiting.
  /// Waking it otherwise costs two thread switches and a contended lock for nothing.
  private static func hasWork(_ queue: Queue) -> Bool {
    !queue.pending.isEmpty || queue.flushWaiters > 0
  }

  /// Writes `frame` on the calling thread when the writer is idle and the peer can take it now; `false` when the
  /// frame must be queued instead.
  private func writeDirectly(_ frame: [UInt8]) -> Bool {
    let claimed = queue.withLock { queue in
      guard queue.isIdle, !queue.isCollecting, !queue.isClosed else { return false }
      queue.isWritingDirectly = true
      return true
    }
    guard claimed else { return false }
    frame.withUnsafeBytes { writeClaimed($0) }
    return true
  }

  /// Writes `frame` while holding the direct-write claim, if the peer can take it now, then gives the claim up;
  /// whatever was not written goes to the front of the queue for the writer thread.
  private func writeClaimed(_ frame: UnsafeRawBufferPointer) {
    let written = WriteWithoutWaiting.writeNow(fileDescriptor, frame)
    let wake = queue.withLock { queue in
      queue.isWritingDirectly = false
      if written < frame.count, !queue.isClosed {
        // Not writable, or a partial write: the writer thread sends the rest, ahead of anything queued since.
        queue.pending.insert(contentsOf: UnsafeRawBufferPointer(rebasing: frame[max(written, 0)...]), at: 0)
      }
      // Wake the writer thread only when it has work, and flush() only when someone waits: a wake-up per
      // answer would cost more than the write.
      return Self.hasWork(queue)
    }
    // The condition's lock only to wake someone: taken for every answer, it made the answering thread wait for the
    // writer thread whenever that was woken for anything else. Taken after the change, so a thread that checked the
    // queue before it is waiting by now and gets the broadcast, and one that checks after it sees the change.
    guard wake else { return }
    condition.lock()
    condition.broadcast()
    condition.unlock()
  }

  /// Frames `body`: `Content-Length: N\r\n\r\n` + body, or body + `\n`.
  package static func frame(_ body: [UInt8], framing: MessageFramer.Framing) -> [UInt8] {
    var frame: [UInt8] = []
    frame.reserveCapacity(body.count + 32)
    appendFrame(body, framing: framing, to: &frame)
    return frame
  }

  /// Appends the frame of `body` to `output`.
  static func appendFrame(_ body: [UInt8], framing: MessageFramer.Framing, to output: inout [UInt8]) {
    appendFrame(length: body.count, framing: framing, to: &output) { $0.append(contentsOf: body) }
  }

  /// Appends the frame of a body of `length` bytes that `body` appends to `output`.
  static func appendFrame(
    length: Int,
    framing: MessageFramer.Framing,
    to output: inout [UInt8],
    body: (inout [UInt8]) -> Void
  ) {
    switch framing {
    case .newlineDelimited:
      body(&output)
      output.append(0x0A)
    case .automatic, .contentLength:
      appendHeader(length: length, to: &output)
      body(&output)
    }
  }

  /// Appends the frame of a body of `length` bytes whose first bytes `start` writes (see
  /// ``enqueue(length:start:rest:)``) and whose others `rest` appends: the header and the start in one piece.
  static func appendFrame(
    length: Int,
    framing: MessageFramer.Framing,
    to output: inout [UInt8],
    start: (UnsafeMutableBufferPointer<UInt8>) -> Int,
    rest: (inout [UInt8]) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxHeaderLength + maxStartLength) { buffer in
      let headerEnd = framing == .newlineDelimited ? 0 : writeHeader(length: length, into: buffer)
      let end = headerEnd + start(UnsafeMutableBufferPointer(rebasing: buffer[headerEnd...]))
      output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<end]))
    }
    rest(&output)
    if framing == .newlineDelimited { output.append(0x0A) }
  }

  /// The longest `Content-Length: N\r\n\r\n`.
  static let maxHeaderLength = 48

  /// Appends `Content-Length: N\r\n\r\n`, made on the stack and appended in one piece.
  static func appendHeader(length: Int, to output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxHeaderLength) { header in
      let end = writeHeader(length: length, into: header)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: header[..<end]))
    }
  }

  /// Writes `Content-Length: N\r\n\r\n` (at most ``maxHeaderLength`` bytes) at the start of `header`; returns its
  /// length.
  static func writeHeader(length: Int, into header: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var digits = 1
    var rest = length / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    let prefix: StaticString = "Content-Length: "
    let start = prefix.withUTF8Buffer { header.update(fromContentsOf: $0) }
    let end = start + digits
    var value = length
    var position = end
    while position > start {
      position -= 1
      header[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
      value /= 10
    }
    header[end] = 0x0D
    header[end + 1] = 0x0A
    header[end + 2] = 0x0D
    header[end + 3] = 0x0A
    return end + 4
  }

  /// The bytes waiting to be written, including a chunk the writer thread is writing.
  package var queuedByteCount: Int { queue.withLock { $0.heldByteCount } }

  /// Blocks while more than `limit` bytes wait to be written, i.e. while the peer is not reading its answers;
  /// returns at once when output has failed (the peer is gone).
  ///
  /// A reader that calls this before each read stops taking requests from a client that does not read, instead
  /// of queueing their answers without bound; the client's own writes then block, as a pipe should.
  package func waitForRoom(limit: Int) {
    // The usual case, room: one hold of the queue's lock, not the condition's too.
    guard queue.withLock({ $0.heldByteCount > limit && !$0.isClosed }) else { return }
    condition.lock()
    defer { condition.unlock() }
    while queue.withLock({ $0.heldByteCount > limit && !$0.isClosed }) {
      condition.wait()
    }
  }

  /// Waits until everything queued so far has been written, or `timeout` seconds have passed.
  ///
  /// - Returns: `true` when the queue drained in time.
  @discardableResult
  package func flush(timeout: Double = 5) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    queue.withLock { $0.flushWaiters += 1 }
    defer {
      queue.withLock { $0.flushWaiters -= 1 }
      condition.unlock()
    }
    while queue.withLock({ !$0.isIdle }) {
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
          // Never write alongside a direct write (frames would interleave), nor while frames are collected.
          guard !queue.isWritingDirectly, !queue.isCollecting else { return ([], false) }
          let taken = queue.pending
          queue.pending = []
          queue.isWriting = !taken.isEmpty
          queue.writingByteCount = taken.count
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
      queue.withLock { queue in
        queue.isWriting = false
        queue.writingByteCount = 0
      }
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
