import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

/// The helpers every suite shares: the hand-moved clock, the temporary directory that cleans up after itself, and
/// the `failure` helpers that turn a thrown error or a failed result into a value to assert on.
@Suite struct SharedHelpersTests {
  @Test func theClockShowsItsStartUntilMovedOrSet() {
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    let clock = TestClock(start)
    #expect(clock.now == start)
    clock.advance(by: 90)
    #expect(clock.now == start.addingTimeInterval(90))
    clock.advance(by: -30)
    #expect(clock.now == start.addingTimeInterval(60))
    clock.set(start.addingTimeInterval(-3600))
    #expect(clock.now == start.addingTimeInterval(-3600))
  }

  @Test func aTemporaryDirectoryExistsWhileHeldAndGoesWithItsFilesWhenReleased() throws {
    var directory: TemporaryDirectory? = TemporaryDirectory("beacon-helpers")
    let path = try #require(directory?.path)
    #expect(path.hasPrefix(FileManager.default.temporaryDirectory.path))
    #expect(URL(fileURLWithPath: path).lastPathComponent.hasPrefix("beacon-helpers-"))
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    #expect(directory?.storePath == path + "/store.sqlite")
    #expect(directory?.fileURL("a.txt").path == directory?.file("a.txt"))
    let nested = path + "/sub/b.txt"
    try FileManager.default.createDirectory(atPath: path + "/sub", withIntermediateDirectories: true)
    try Data("x".utf8).write(to: URL(fileURLWithPath: nested))
    directory = nil
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func twoTemporaryDirectoriesAreNeverTheSame() {
    let first = TemporaryDirectory()
    let second = TemporaryDirectory()
    #expect(first.path != second.path)
  }

  @Test func failureIsTheThrownErrorOrNil() async {
    #expect(
      failure { () throws(BeaconError) in throw BeaconError.invalidAPIKey(source: "GEOAPIFY_API_KEY") }
        == .invalidAPIKey(source: "GEOAPIFY_API_KEY")
    )
    #expect(failure { () throws(BeaconError) in 1 } == nil)
    #expect(
      await failure { () async throws(BeaconError) in throw BeaconError.invalidAPIKey(source: "GEOAPIFY_API_KEY") }
        == .invalidAPIKey(source: "GEOAPIFY_API_KEY")
    )
    #expect(await failure { () async throws(BeaconError) in 1 } == nil)
  }

  @Test func failureOfAResultIsItsError() {
    struct Refused: Error, Equatable {}
    #expect(failure(Result<Int, Refused>.failure(Refused())) == Refused())
  }

  @Test func failureOfASuccessIsNilAndRecordsAnIssue() {
    withKnownIssue {
      #expect(failure(Result<Int, BeaconError>.success(1)) == nil)
    }
  }
}
