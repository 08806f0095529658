import Foundation
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

  /// A directory that fills up while the file is written (a tmpfs of 64 KiB): what was written moves to the next
  /// directory, and every string comes back.
  @Test(.enabled(if: TinyDirectory.canMount)) func aDirectoryThatFillsUpGivesWayToTheNext() throws {
    let tiny = try #require(TinyDirectory(bytes: 64 << 10))
    defer { tiny.unmount() }
    let spill = ByteSpill(memoryLimit: 10_000, directories: [tiny.path, "/tmp"])
    let strings: [[UInt8]] = (0..<40).map { index in [UInt8](repeating: UInt8(index), count: 5_000 + index) }
    var ranges: [Range<Int>] = []
    for string in strings { ranges.append(try spill.append(string)) }
    for index in strings.indices { #expect(try spill.read(ranges[index]) == strings[index]) }
  }

  @Test func noDirectoryThatWorksIsSaidWithTheFirst() throws {
    let missing = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))"
    let spill = ByteSpill(memoryLimit: 2, directories: [missing, missing + "/b"])
    _ = try spill.append([1])
    let error = #expect(throws: TemporaryFileError.self) { try spill.append([2]) }
    #expect(error?.directory == missing)
  }
}

/// A tmpfs of a few pages mounted for a test (Linux, as root; as CI runs): a directory where a temporary file can be
/// made and then fills up.
struct TinyDirectory {
  let path: String

  /// Mounts one of `bytes`; `nil` when this system or user cannot.
  init?(bytes: Int) {
    #if os(Linux)
    let path = "/tmp/beacon-tiny-\(UInt64.random(in: 0...UInt64.max))"
    guard (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)) != nil,
      Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", path])
    else { return nil }
    self.path = path
    #else
    return nil
    #endif
  }

  /// Whether one can be mounted here.
  static let canMount: Bool = {
    guard let tiny = TinyDirectory(bytes: 4_096) else { return false }
    tiny.unmount()
    return true
  }()

  func unmount() {
    _ = Self.run("/bin/umount", [path])
    try? FileManager.default.removeItem(atPath: path)
  }

  private static func run(_ tool: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
