import Testing

@testable import BeaconCore

/// ``ExternalSort`` hands back every value in order, whether they fit one run in memory or were written in many runs
/// to its temporary file and merged.
@Suite struct ExternalSortTests {
  struct Pair: Equatable {
    var key: Int64
    var value: Int32
  }

  @Test(arguments: [1, 2, 3, 64, 999, 1_000, 5_000])
  func everyValueComesBackInOrder(runLength: Int) throws {
    var generator = SystemRandomNumberGenerator()
    // Few distinct keys, so that runs hold equal keys; the value tells them apart.
    let values = (0..<1_000).map { Pair(key: Int64.random(in: -50...50, using: &generator), value: Int32($0)) }
    let sort = ExternalSort<Pair>(runLength: runLength) { ($0.key, $0.value) < ($1.key, $1.value) }
    for value in values { try sort.append(value) }
    var sorted: [Pair] = []
    try sort.forEachSorted { sorted.append($0) }
    #expect(sorted == values.sorted { ($0.key, $0.value) < ($1.key, $1.value) })
    // Then it has forgotten them, and sorts what comes next alone.
    var again = 0
    try sort.forEachSorted { _ in again += 1 }
    #expect(again == 0)
    for value in values.reversed() { try sort.append(value) }
    var sortedAgain: [Pair] = []
    try sort.forEachSorted { sortedAgain.append($0) }
    #expect(sortedAgain == sorted)
  }

  @Test func nothingAddedIsNothingSorted() throws {
    let sort = ExternalSort<Int64>(runLength: 4, by: <)
    var count = 0
    try sort.forEachSorted { _ in count += 1 }
    #expect(count == 0)
  }

  /// What was added, in memory or in runs on disk, is forgotten: the next values are sorted alone.
  @Test(arguments: [2, 100])
  func removeAllForgetsEverythingAdded(runLength: Int) throws {
    let sort = ExternalSort<Int64>(runLength: runLength, by: <)
    for value in [9, 4, 7, 1, 8] as [Int64] { try sort.append(value) }
    sort.removeAll()
    for value in [6, 2, 5] as [Int64] { try sort.append(value) }
    var values: [Int64] = []
    try sort.forEachSorted { values.append($0) }
    #expect(values == [2, 5, 6])
  }

  @Test func runsLongerThanOneReadAreMerged() throws {
    // Runs of more values than are read back at a time, in reverse so that every run interleaves with the others.
    let length = ExternalSort<Int64>.readLength * 2 + 3
    let sort = ExternalSort<Int64>(runLength: length, by: <)
    let values = (0..<Int64(length * 3 + 5)).map { ($0 * 7_919) % Int64(length * 3 + 5) }
    for value in values.reversed() { try sort.append(value) }
    var sorted: [Int64] = []
    try sort.forEachSorted { sorted.append($0) }
    #expect(sorted == values.sorted())
  }

  @Test func aDirectoryThatIsNotThereGivesWayToTheNext() throws {
    let missing = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))"
    let sort = ExternalSort<Int64>(runLength: 2, directories: [missing, "/tmp"], by: <)
    for value in [5, 3, 9, 1, 7] as [Int64] { try sort.append(value) }
    var sorted: [Int64] = []
    try sort.forEachSorted { sorted.append($0) }
    #expect(sorted == [1, 3, 5, 7, 9])
  }

  /// Runs that fill their directory (a tmpfs of 64 KiB) move, with the runs before them, to the next directory:
  /// while values are added (30 000: the ninth run of 8 000 bytes), or with the last run, written when the sorted
  /// values are asked for (8 500: eight whole runs fit).
  @Test(.enabled(if: TinyDirectory.canMount), arguments: [30_000, 8_500])
  func aDirectoryThatFillsUpGivesWayToTheNext(count: Int) throws {
    let tiny = try #require(TinyDirectory(bytes: 64 << 10))
    defer { tiny.unmount() }
    let sort = ExternalSort<Int64>(runLength: 1_000, directories: [tiny.path, "/tmp"], by: <)
    let values = (0..<Int64(count)).map { ($0 * 7_919) % Int64(count) }
    for value in values { try sort.append(value) }
    var sorted: [Int64] = []
    try sort.forEachSorted { sorted.append($0) }
    #expect(sorted == Array(0..<Int64(count)))
  }

  @Test func noDirectoryThatWorksIsSaidWithTheFirst() throws {
    let missing = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))"
    let sort = ExternalSort<Int64>(runLength: 2, directories: [missing, missing + "/b"], by: <)
    try sort.append(1)
    let error = #expect(throws: TemporaryFileError.self) { try sort.append(2) }
    #expect(error?.directory == missing)
  }
}
