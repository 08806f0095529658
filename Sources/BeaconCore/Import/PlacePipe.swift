import Foundation

/// A bounded queue of built places from the thread that reads and builds them (the producer) to the thread that
/// stores them (the writer, which owns the store's connection): batches of places in file order, then one ending —
/// the end of the input or the producer's error, in order after every place read before it.
///
/// The producer blocks while the queue is full (memory holds at most ``capacity`` batches); the writer waits with a
/// timeout, so it can look whether its task was cancelled. When the writer stops (done, failed or cancelled), it
/// calls ``stop()``: the producer's next hand-over (or read of the input) fails, and ``waitForProducer()`` returns
/// once the producer thread has ended.
final class PlacePipe: @unchecked Sendable {
  /// One place the producer built, with what the writer needs to fold duplicates.
  struct Item {
    var place: Place
    var facts: ImportFacts
    var kind: OSMFeature.Kind
  }

  /// Places in file order and how many bytes of the input had been read after the last of them.
  struct Batch {
    var items: [Item] = []
    var bytesRead = 0
  }

  /// What the producer hands on.
  enum Message {
    case batch(Batch)
    /// The input's end: its format, the features left out by reason, and the ids of the objects left out only
    /// because the file lacks some of their nodes (``OSMImporter/Streamed/unplaced``).
    case end(format: OSMImportFormat, skipped: [String: Int], unplaced: Set<String>)
    /// The producer's error (bad input, an unreadable file): the import fails with it.
    case failed(BeaconError)
  }

  /// The most batches in the queue.
  let capacity: Int
  private let condition = NSCondition()
  private var messages: [Message] = []
  private var head = 0
  private var stopped = false
  private var producerEnded = false

  /// A queue of at most `capacity` batches.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Hands `message` on, waiting while the queue is full; `false` (and nothing handed on) once the writer stopped.
  func put(_ message: Message) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !stopped, messages.count - head >= capacity { condition.wait() }
    guard !stopped else { return false }
    messages.append(message)
    condition.broadcast()
    return true
  }

  /// The next message, or `nil` when none came within `timeout` seconds.
  func take(timeout: TimeInterval) -> Message? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while head == messages.count {
      if !condition.wait(until: deadline) { break }
    }
    guard head < messages.count else { return nil }
    let message = messages[head]
    head += 1
    if head >= 64, head * 2 >= messages.count {
      messages.removeFirst(head)
      head = 0
    }
    condition.broadcast()
    return message
  }

  /// Whether the writer stopped taking places.
  var isStopped: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopped
  }

  /// The writer takes nothing more: the queue is emptied and a waiting producer woken.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    stopped = true
    messages.removeAll()
    head = 0
    condition.broadcast()
  }

  /// The producer thread is done (its last call).
  func producerDidEnd() {
    condition.lock()
    defer { condition.unlock() }
    producerEnded = true
    condition.broadcast()
  }

  /// Waits until the producer thread is done.
  func waitForProducer() {
    condition.lock()
    defer { condition.unlock() }
    while !producerEnded { condition.wait() }
  }
}
