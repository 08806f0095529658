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
    // What each read brought, in arrays kept for every read (emptied after each, their storage kept): the bodies of
    // its messages (slices of `buffer` when whole in it, released before the next read writes there) and its framing
    // faults, each with the number of bodies before it. No allocation for any of them per read.
    var arrived = Read()
    while true {
      // A client that does not read its answers gets no more of them queued: stop reading until it does.
      writer.waitForRoom(limit: maxQueuedOutputBytes)
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count > 0 {
        framer.push(buffer[0..<count], whole: { arrived.bodies.append($0) }) { arrived.add($0) }
        if !framingKnown, framer.framing != .automatic {
          // Answer in the framing the client chose, before the first answer is written.
          framingKnown = true
          writer.setFraming(framer.framing)
        }
        // The requests the read started run on this thread after it (until they wait for another thread), their
        // answers collected with the others.
        writer.collectingWrites { dispatcher.runningTasksOnThisThread { arrived.deliver(to: dispatcher) } }
        // The messages go now, not at the next read: one assembled over several reads is not kept while the client is
        // idle.
        arrived.removeAll()
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
    for event in framer.finish() { arrived.add(event) }
    dispatcher.runningTasksOnThisThread { arrived.deliver(to: dispatcher) }
  }

  /// What one read brought, in order: its message bodies, and its framing faults between them.
  struct Read {
    var bodies: [ArraySlice<UInt8>] = []
    /// Each fault with the number of bodies that came before it.
    var faults: [(before: Int, error: FramingError)] = []

    mutating func add(_ event: MessageFramer.Event) {
      switch event {
      case .message(let body): bodies.append(body[...])
      case .error(let error): faults.append((bodies.count, error))
      }
    }

    mutating func removeAll() {
      bodies.removeAll(keepingCapacity: true)
      faults.removeAll(keepingCapacity: true)
    }

    /// Hands everything to `dispatcher` in order: the bodies between two faults together, so pipelined writes can be
    /// grouped, and a lone body on its own (nothing to group it with).
    func deliver(to dispatcher: Dispatcher) {
      var start = 0
      for fault in faults {
        Self.deliver(bodies[start..<fault.before], to: dispatcher)
        dispatcher.receive(fault.error)
        start = fault.before
      }
      Self.deliver(bodies[start...], to: dispatcher)
    }

    private static func deliver(_ bodies: ArraySlice<ArraySlice<UInt8>>, to dispatcher: Dispatcher) {
      switch bodies.count {
      case 0: break
      case 1: dispatcher.receive(bodies[bodies.startIndex])
      default: dispatcher.receive(contentsOf: bodies)
      }
    }
  }
}
