import Foundation

/// A JSON-RPC connection over two file descriptors: a blocking reader thread feeding a
/// ``MessageFramer`` and a ``Dispatcher``, and a ``MessageWriter`` for everything sent back.
///
/// The reader never polls: it blocks in `read(2)` (waiting in `poll(2)` if the descriptor happens to be
/// non-blocking), and on end of input it stops and reports it once.
package final class Connection: Sendable {
  /// The default of `maxQueuedOutputBytes`: 16 MiB of answers a client has not read yet.
  package static let defaultMaxQueuedOutputBytes = 16 << 20

  /// The writer for outgoing messages.
  package let writer: MessageWriter
  private let input: Int32
  private let framing: MessageFramer.Framing
  private let limits: MessageFramer.Limits
  private let maxQueuedOutputBytes: Int

  /// Creates a connection; nothing is read until ``start(dispatcher:onEndOfInput:)``.
  ///
  /// - Parameters:
  ///   - input: The descriptor messages arrive on.
  ///   - output: The descriptor messages are written to.
  ///   - framing: The framing to expect; ``MessageFramer/Framing/automatic`` detects it and answers in kind.
  ///   - limits: Size limits for incoming messages.
  ///   - maxQueuedOutputBytes: How much output may wait for a client that does not read it before the reader
  ///     stops reading requests (back-pressure; see ``MessageWriter/waitForRoom(limit:)``).
  ///   - log: Receives diagnostics for stderr.
  package init(
    input: Int32,
    output: Int32,
    framing: MessageFramer.Framing = .automatic,
    limits: MessageFramer.Limits = MessageFramer.Limits(),
    maxQueuedOutputBytes: Int = Connection.defaultMaxQueuedOutputBytes,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.input = input
    self.framing = framing
    self.limits = limits
    self.maxQueuedOutputBytes = maxQueuedOutputBytes
    writer = MessageWriter(
      fileDescriptor: output,
      framing: framing == .newlineDelimited ? .newlineDelimited : .contentLength,
      log: log
    )
  }

  /// Starts the reader thread.
  ///
  /// - Parameters:
  ///   - dispatcher: Receives every message and framing fault, in order.
  ///   - onEndOfInput: Called once, on the reader thread, when input ends.
  package func start(dispatcher: Dispatcher, onEndOfInput: @escaping @Sendable () -> Void) {
    let thread = Thread { [self] in
      self.readLoop(dispatcher: dispatcher)
      onEndOfInput()
    }
    thread.name = "beacon.reader"
    thread.stackSize = 8 << 20  // Room for the parser's recursion up to its depth limit.
    thread.start()
  }

  private func readLoop(dispatcher: Dispatcher) {
    var framer = MessageFramer(framing: framing, limits: limits)
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var framingKnown = framing != .automatic
    // One array for every read's arrivals (emptied after each, its storage kept): no allocation for it per read.
    var arrivals: [Arrival] = []
    // The messages of one read go to the dispatcher together, so pipelined writes can be grouped.
    let deliver: ([Arrival]) -> Void = { arrivals in
      var bodies: [ArraySlice<UInt8>] = []
      bodies.reserveCapacity(arrivals.count)
      for arrival in arrivals {
        switch arrival {
        case .body(let body):
          bodies.append(body)
        case .error(let error):
          dispatcher.receive(contentsOf: bodies)
          bodies.removeAll()
          dispatcher.receive(error)
        }
      }
      if !bodies.isEmpty { dispatcher.receive(contentsOf: bodies) }
    }
    while true {
      // A client that does not read its answers gets no more of them queued: stop reading until it does.
      writer.waitForRoom(limit: maxQueuedOutputBytes)
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count > 0 {
        // Bodies of whole frames stay slices of the bytes read: no array per message.
        framer.push(Array(buffer[0..<count]), whole: { arrivals.append(.body($0)) }) { arrivals.append(Arrival($0)) }
        if !framingKnown, framer.framing != .automatic {
          // Answer in the framing the client chose, before the first answer is written.
          framingKnown = true
          writer.setFraming(framer.framing)
        }
        // The requests the read started run on this thread after it (until they wait for another thread), their
        // answers collected with the others.
        writer.collectingWrites { dispatcher.runningTasksOnThisThread { deliver(arrivals) } }
        // The bytes read go now, not at the next read: a large message is not kept while the client is idle.
        arrivals.removeAll(keepingCapacity: true)
      } else if count == 0 {
        break
      } else if errno == EINTR {
        continue
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, -1)
      } else {
        break
      }
    }
    let last = framer.finish().map(Arrival.init)
    dispatcher.runningTasksOnThisThread { deliver(last) }
  }

  /// What one read brought, in order.
  private enum Arrival {
    case body(ArraySlice<UInt8>)
    case error(FramingError)

    init(_ event: MessageFramer.Event) {
      switch event {
      case .message(let body): self = .body(body[...])
      case .error(let error): self = .error(error)
      }
    }
  }
}
