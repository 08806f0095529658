import Foundation

/// Sorts any number of fixed-size values in bounded memory: at most `runLength` values are held; more are sorted in
/// runs of that length, written to a temporary file (``UnlinkedFile``), and merged as they are read back.
///
/// Values that fit one run are sorted in memory and never written. Values that compare equal come out in no
/// particular order, so the order given should tell every two values apart.
final class ExternalSort<Element: BitwiseCopyable> {
  private let runLength: Int
  /// How many values to make room for at once (grown by doubling, the buffer would hold half as much again while it
  /// grows).
  private let expected: Int
  private let areInIncreasingOrder: (Element, Element) -> Bool
  /// Where the temporary file may be made (``UnlinkedFile/directories``).
  private let directories: [String]
  private var buffer: [Element] = []
  private var file: UnlinkedFile?
  /// Where each run written starts and how many values it has.
  private var runs: [(offset: Int, count: Int)] = []
  private var written = 0

  /// How many values are read back from a run at a time, while merging.
  static var readLength: Int { max(1, (64 << 10) / max(1, MemoryLayout<Element>.stride)) }

  /// Sorts by `areInIncreasingOrder`, holding at most `runLength` values; `expected`, how many values will come
  /// when that is known, saves the buffer's growing. The runs go to a file in the first of `directories` that works.
  init(
    runLength: Int,
    expected: Int = 0,
    directories: [String] = UnlinkedFile.directories,
    by areInIncreasingOrder: @escaping (Element, Element) -> Bool
  ) {
    self.directories = directories
    self.runLength = max(1, runLength)
    self.expected = min(max(0, expected), self.runLength)
    self.areInIncreasingOrder = areInIncreasingOrder
  }

  /// Adds `value`.
  func append(_ value: Element) throws(TemporaryFileError) {
    if buffer.isEmpty { buffer.reserveCapacity(expected) }
    buffer.append(value)
    if buffer.count == runLength { try writeRun() }
  }

  /// Forgets every value added, and the runs written, as if none had been.
  func removeAll() {
    (buffer, file, runs, written) = ([], nil, [], 0)
  }

  /// Calls `body` with every value added, in order, then forgets them.
  func forEachSorted(_ body: (Element) throws -> Void) throws {
    var sorted = try self.sorted()
    while let value = try sorted.next() { try body(value) }
  }

  /// Every value added, in order, to be read one at a time; this sort forgets them and may be given new ones, while
  /// the values handed back keep what they need (the buffer, or the file and its runs) until they are read.
  func sorted() throws(TemporaryFileError) -> Sorted {
    guard self.file != nil else {
      buffer.sort(by: areInIncreasingOrder)
      defer { buffer = [] }
      return Sorted(buffer: buffer, file: nil, heads: [], before: areInIncreasingOrder)
    }
    // The last run may move the file to another directory (``UnlinkedFile/appending(_:after:prefix:directories:)``).
    if !buffer.isEmpty { try writeRun() }
    buffer = []
    guard let file else { throw TemporaryFileError(in: directories.first ?? "") }
    defer {
      self.file = nil
      runs = []
      written = 0
    }
    // Each run's values not handed on yet: read a slice at a time, the next value first.
    var heads = runs.map { Head(run: $0, values: [], next: 0) }
    for index in heads.indices { try heads[index].refill(from: file) }
    return Sorted(buffer: [], file: file, heads: heads, before: areInIncreasingOrder)
  }

  /// The values of a sort, in order: from the buffer when they fitted one run, else merged from the runs with a heap.
  struct Sorted {
    private var buffer: [Element]
    private var nextInBuffer = 0
    private let file: UnlinkedFile?
    private var heads: [Head]
    /// The runs not read to their end, as a heap ordered by their next value.
    private var heap: [Int]
    private let before: (Element, Element) -> Bool

    fileprivate init(
      buffer: [Element],
      file: UnlinkedFile?,
      heads: [Head],
      before: @escaping (Element, Element) -> Bool
    ) {
      (self.buffer, self.file, self.heads, self.before) = (buffer, file, heads, before)
      heap = Array(heads.indices.filter { !heads[$0].isDone })
      for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }

    /// The next value, `nil` after the last.
    mutating func next() throws(TemporaryFileError) -> Element? {
      guard let file else {
        guard nextInBuffer < buffer.count else { return nil }
        defer { nextInBuffer += 1 }
        return buffer[nextInBuffer]
      }
      guard let top = heap.first else { return nil }
      let value = heads[top].value
      try heads[top].advance(in: file)
      if heads[top].isDone {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
      }
      siftDown(from: 0)
      return value
    }

    /// Restores the heap order of ``heap`` below `index`.
    private mutating func siftDown(from index: Int) {
      var parent = index
      while true {
        let left = 2 * parent + 1
        guard left < heap.count else { return }
        var child = left
        if left + 1 < heap.count, isBefore(heap[left + 1], heap[left]) { child = left + 1 }
        guard isBefore(heap[child], heap[parent]) else { return }
        heap.swapAt(parent, child)
        parent = child
      }
    }

    private func isBefore(_ a: Int, _ b: Int) -> Bool { before(heads[a].value, heads[b].value) }
  }

  /// A run being read back.
  fileprivate struct Head {
    var run: (offset: Int, count: Int)
    var values: [Element]
    var next: Int

    var isDone: Bool { next == values.count && run.count == 0 }
    var value: Element { values[next] }

    mutating func advance(in file: UnlinkedFile) throws(TemporaryFileError) {
      next += 1
      if next == values.count { try refill(from: file) }
    }

    /// Reads the run's next slice.
    mutating func refill(from file: UnlinkedFile) throws(TemporaryFileError) {
      let count = min(run.count, ExternalSort.readLength)
      values = []
      next = 0
      guard count > 0 else { return }
      let offset = run.offset
      let read = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
        let bytes = UnsafeMutableRawBufferPointer(buffer)
        initialized = file.read(into: bytes, at: offset) == bytes.count ? count : 0
      }
      guard read.count == count else { throw TemporaryFileError(in: file.directory) }
      values = read
      run.offset += count * MemoryLayout<Element>.stride
      run.count -= count
    }
  }

  /// Sorts the values held and writes them as a run.
  private func writeRun() throws(TemporaryFileError) {
    buffer.sort(by: areInIncreasingOrder)
    let holder = buffer.withUnsafeBytes { bytes in
      Result { () throws(TemporaryFileError) in
        try UnlinkedFile.append(bytes, to: file, after: written, prefix: "beacon-sort", directories: directories)
      }
    }
    file = try holder.get()
    runs.append((written, buffer.count))
    written += buffer.count * MemoryLayout<Element>.stride
    buffer.removeAll(keepingCapacity: true)
  }
}
