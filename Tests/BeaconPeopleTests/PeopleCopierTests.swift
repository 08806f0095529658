import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconPeople

/// `PeopleCopier`, the people feature's part in `beacon store copy`, between two SQLite stores: the directory, its
/// seed, the edits and the deletions go over row for row, a second copy changes nothing, new users come after the
/// target's own, and a user the target deleted stays deleted.
@Suite struct PeopleCopierTests {
  let copier = PeopleCopier()
  let fetched = Date(timeIntervalSince1970: 1_795_600_000)

  static func id(_ index: Int, seed: String = "ios") -> String { RandomUserFixtures.uuid(seed: seed, index: index) }

  /// A store with `count` users of `seed`, fetched at `date`.
  func store(seed: String = "ios", count: Int = 10, at date: Date? = nil) async throws -> Store {
    let store = try Store.open(path: ":memory:", migrations: PeopleSchema.migrations)
    let records = try RandomUserDecoding.users(from: Array(RandomUserFixtures.page(seed: seed, count: count).utf8))
    _ = try await store.storeUsers(records, seed: seed, at: date ?? fetched)
    return store
  }

  /// The counts of one copy: directory seed, users, edits, deletions.
  func counts(_ report: StoreCopyReport) -> [[Int?]] {
    report.parts.map { [$0.added, $0.updated, $0.unchanged] }
  }

  @Test func theDirectoryGoesOverRowForRowAndASecondCopyChangesNothing() async throws {
    let source = try await store()
    #expect(try await source.editUser(id: Self.id(3), with: UserEdits(lastName: "Moksnes"), at: fetched + 60))
    #expect(try await source.deleteUser(id: Self.id(4), at: fetched + 120))
    let target = try Store.open(path: ":memory:", migrations: PeopleSchema.migrations)

    let snapshot = try await source.snapshot(copiers: [copier])
    #expect(!snapshot.leftBehind.contains { $0.table.hasPrefix("person") || $0.table == "people_directory" })
    // Without the copier, the directory is left behind and named.
    #expect(try await source.snapshot().leftBehind.contains { $0.table == "person" && $0.rows == 9 })
    let first = try await target.receive(snapshot, copiers: [copier])
    #expect(
      first.parts.map(\.label) == [
        .people(.copiedDirectory), .people(.copiedUsers), .people(.copiedEdits),
        .people(.copiedDeletions),
      ]
    )
    #expect(counts(first) == [[1, 0, 0], [9, 0, 0], [1, 0, 0], [1, nil, 0]])
    #expect(try await target.snapshot(copiers: [copier]).parts == snapshot.parts)
    #expect(try await target.storedUsers() == (try await source.storedUsers()))
    #expect(try await target.userDirectory(defaultSeed: "x").seed == "ios")

    let second = try await target.receive(snapshot, copiers: [copier])
    #expect(counts(second) == [[0, 0, 1], [0, 0, 9], [0, 0, 1], [0, nil, 1]])
  }

  @Test func newUsersComeAfterTheTargetsOwnAndTheSeedIsTheSources() async throws {
    let source = try await store(count: 3)
    let target = try await store(seed: "android", count: 2)
    let report = try await target.receive(try await source.snapshot(copiers: [copier]), copiers: [copier])
    #expect(counts(report) == [[0, 1, 0], [3, 0, 0], [0, 0, 0], [0, nil, 0]])
    let ids = try await target.storedUsers().map(\.record.id)
    #expect(ids == [Self.id(0, seed: "android"), Self.id(1, seed: "android"), Self.id(0), Self.id(1), Self.id(2)])
    #expect(try await target.userDirectory(defaultSeed: "x").seed == "ios")
  }

  @Test func aDeletedUserStaysDeletedAndACopiedDeletionRemovesTheUserAndTheirEdit() async throws {
    let source = try await store(count: 4)
    #expect(try await source.deleteUser(id: Self.id(1), at: fetched + 60))
    #expect(try await source.editUser(id: Self.id(2), with: UserEdits(city: "Bodø"), at: fetched + 60))
    let target = try await store(count: 4, at: fetched - 3600)
    #expect(try await target.editUser(id: Self.id(1), with: UserEdits(city: "Tromsø"), at: fetched))
    #expect(try await target.deleteUser(id: Self.id(2), at: fetched))
    let report = try await target.receive(try await source.snapshot(copiers: [copier]), copiers: [copier])
    // Users 0 and 3 fetched again later (updated), 2 deleted on the target, 1 deleted by the copy.
    #expect(counts(report) == [[0, 1, 0], [0, 2, 0], [0, 0, 0], [1, nil, 0]])
    let users = try await target.storedUsers()
    #expect(users.map(\.record.id) == [Self.id(0), Self.id(3)])
    #expect(users.allSatisfy { $0.edits == nil })
  }
}
