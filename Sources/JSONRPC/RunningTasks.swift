/// The dispatcher's running tasks, in the order they were started: one entry per task, with no hashing.
///
/// Tasks were kept in two dictionaries keyed by their sequence number (every task, and the concurrent ones since the
/// last exclusive task): two insertions and two removals per request, each hashing the number. Sequence numbers only
/// grow, so the tasks sit in an array in start order instead: a start appends, an end finds its entry by binary
/// search and empties it, and the emptied entries at the front (tasks mostly end in the order they started) are
/// dropped as they come up. The concurrent tasks since the last exclusive one are the newest entries, found by
/// walking back from the end.
struct RunningTasks {
  struct Entry {
    let sequence: UInt64
    let isConcurrent: Bool
    /// `nil` once the task has ended.
    var task: Task<Void, Never>?
  }

  /// Ended entries at the front are dropped once there are this many (or the whole array has ended).
  private static let compactionThreshold = 32

  private var entries: [Entry] = []
  /// Entries before this have ended and wait to be dropped.
  private var start = 0
  /// The tasks that have not ended.
  private(set) var count = 0

  /// Every task that has not ended, in start order.
  var tasks: [Task<Void, Never>] {
    entries[start...].compactMap(\.task)
  }

  /// Adds a task started with `sequence`, which must be greater than any added before.
  mutating func append(_ task: Task<Void, Never>, sequence: UInt64, isConcurrent: Bool) {
    entries.append(Entry(sequence: sequence, isConcurrent: isConcurrent, task: task))
    count += 1
  }

  /// Marks the task started with `sequence` as ended.
  mutating func remove(sequence: UInt64) {
    var low = start
    var high = entries.count
    while low < high {
      let middle = low + (high - low) / 2
      if entries[middle].sequence < sequence { low = middle + 1 } else { high = middle }
    }
    guard low < entries.count, entries[low].sequence == sequence, entries[low].task != nil else { return }
    entries[low].task = nil
    count -= 1
    while start < entries.count, entries[start].task == nil { start += 1 }
    if start == entries.count {
      entries.removeAll(keepingCapacity: true)
      start = 0
    } else if start >= Self.compactionThreshold && start * 2 >= entries.count {
      entries.removeFirst(start)
      start = 0
    }
  }

  /// The concurrent tasks started after `sequence` that have not ended.
  func concurrent(after sequence: UInt64?) -> [Task<Void, Never>] {
    var found: [Task<Void, Never>] = []
    var index = entries.count
    while index > start {
      index -= 1
      let entry = entries[index]
      if let sequence, entry.sequence <= sequence { break }
      if entry.isConcurrent, let task = entry.task { found.append(task) }
    }
    return found
  }
}
