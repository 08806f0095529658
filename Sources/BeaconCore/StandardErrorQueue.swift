import BeaconSync
import Foundation

/// A bounded queue of log lines written to a file descriptor (stderr) by its own thread.
///
/// A client that never reads the server's stderr fills the pipe, and `write(2)` to it blocks. Here only the
/// queue's thread blocks: ``enqueue(_:)`` never waits, and when ``capacity`` lines are already waiting a new
/// line is dropped and counted. Once the descriptor drains again, the thread first writes how many lines were
/// lost. Lines are cut at ``maxLineBytes``, so the queue holds at most `capacity × maxLineBytes` bytes.
package final class StandardErrorQueue: Sendable {
  private struct State {
    var lines: [String] = []
    var droppedSinceLastNotice = 0
    var droppedTotal = 0
    var isWriting = false
  }

  /// The most lines waiting at once.
  package let capacity: Int
  /// The longest line kept, in UTF-8 bytes; longer ones are cut and marked with `…`.
  package let maxLineBytes: Int
  private let descriptor: Int32
  private let state = Locked(State())
  private let wake = DispatchSemaphore(value: 0)

  /// Creates a queue and starts its writer thread.
  ///
  /// - Parameters:
  ///   - descriptor: Where lines go (2, stderr, by default); never closed by the queue.
  ///   - capacity: The most lines waiting at once (at least 1).
  ///   - maxLineBytes: The longest line kept.
  package init(descriptor: Int32 = 2, capacity: Int = 1000, maxLineBytes: Int = 4 << 10) {
    self.descriptor = descriptor
    self.capacity = max(1, capacity)
    self.maxLineBytes = max(16, maxLineBytes)
    let thread = Thread { [self] in self.writeLoop() }
    thread.name = "beacon.stderr"
    thread.start()
  }

  /// Queues `line` (a newline is added); returns `false` when the queue was full and the line was dropped.
  @discardableResult
  package func enqueue(_ line: String) -> Bool {
    let kept =
      line.utf8.count > maxLineBytes ? String(decoding: line.utf8.prefix(maxLineBytes), as: UTF8.self) + "…" : line
    let accepted = state.withLock { state in
      guard state.lines.count < capacity else {
        state.droppedSinceLastNotice += 1
        state.droppedTotal += 1
        return false
      }
      state.lines.append(kept)
      return true
    }
    if accepted { wake.signal() }
    return accepted
  }

  /// How many lines have been dropped because the queue was full.
  package var droppedLineCount: Int { state.withLock { $0.droppedTotal } }

  /// Waits until every queued line has been written or `timeout` seconds have passed (a reader that never
  /// reads must not hold up the exit); returns whether everything was written.
  @discardableResult
  package func flush(timeout: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while true {
      if state.withLock({ $0.lines.isEmpty && !$0.isWriting }) { return true }
      if Date() >= deadline { return false }
      usleep(2_000)
    }
  }

  private func writeLoop() {
    while true {
      wake.wait()
      let (lines, dropped) = state.withLock { state in
        let taken = (state.lines, state.droppedSinceLastNotice)
        state.lines.removeAll(keepingCapacity: true)
        state.droppedSinceLastNotice = 0
        state.isWriting = !taken.0.isEmpty || taken.1 > 0
        return taken
      }
      if dropped > 0 { writeLine("beacon warning: \(dropped) log lines dropped while stderr was not being read") }
      for line in lines { writeLine(line) }
      state.withLock { $0.isWriting = false }
    }
  }

  /// Writes `line` and a newline whole, retrying on `EINTR` and short writes; gives up on other errors.
  private func writeLine(_ line: String) {
    Logger.writeAll(Array((line + "\n").utf8), to: descriptor)
  }
}
