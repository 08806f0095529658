import Testing

@testable import BeaconCore

/// ``ByteSpill`` gives back each byte string added, in any order, whether it was kept in memory or written to its
/// temporary file.
@Suite struct ByteSpillTests {
  @Test(arguments: [1, 5, 64, 1 << 20])
  func everyStringComesBackWhole(memoryLimit: Int) throws {
    let spill = ByteSpill(memoryLimit: memoryLimit)
    let strings: [[UInt8]] = (0..<40).map { index in
      (0..<(index % 7)).map { UInt8(truncatingIfNeeded: index * 31 + $0) }
    }
    var ranges: [Range<Int>] = []
    for string in strings { ranges.append(try spill.append(string)) }
    #expect(spill.count == strings.reduce(0) { $0 + $1.count })
    for index in strings.indices.reversed() { #expect(try spill.read(ranges[index]) == strings[index]) }
    for index in strings.indices { #expect(try spill.read(ranges[index]) == strings[index]) }
  }

  @Test func aDirectoryThatIsNotThereGivesWayToTheNext() throws {
    let missing = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))"
    let spill = ByteSpill(memoryLimit: 2, directories: [missing, "/tmp"])
    let range = try spill.append([1, 2, 3])
    #expect(try spill.read(range) == [1, 2, 3])
  }

  @Test func noDirectoryThatWorksIsSaidWithTheFirst() throws {
    let missing = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))"
    let spill = ByteSpill(memoryLimit: 2, directories: [missing, missing + "/b"])
    _ = try spill.append([1])
    let error = #expect(throws: TemporaryFileError.self) { try spill.append([2]) }
    #expect(error?.directory == missing)
  }
}
