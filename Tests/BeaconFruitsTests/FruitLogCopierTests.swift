import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconFruits

/// `FruitLogCopier`, the fruits feature's part in `beacon store copy`, between two SQLite stores: the log goes over
/// entry for entry (two identical entries as two), an id the target already gave another entry is renumbered, a
/// second copy adds nothing.
@Suite struct FruitLogCopierTests {
  static let oslo = TimeZone(identifier: "Europe/Oslo") ?? .gmt
  let fruits: [Fruit]

  init() throws {
    fruits = try FruityviceDecoding.fruits(from: Array(FruityviceFixtures.all.utf8))
  }

  /// A store with the fixture catalogue.
  func store() async throws -> Store {
    let store = try Store.open(path: ":memory:", migrations: FruitsSchema.migrations)
    try await store.replaceFruitCatalogue(fruits, at: Date(timeIntervalSince1970: 1_795_000_000))
    return store
  }

  /// Logs fruit `id` eaten at `eaten` seconds, logged at `logged`.
  func log(_ id: Int, on store: Store, eaten: Double, logged: Double) async throws {
    let fruit = try #require(fruits.first { $0.id == id })
    _ = try await store.addFruitLogEntry(
      fruit,
      eatenAt: Date(timeIntervalSince1970: eaten),
      loggedAt: Date(timeIntervalSince1970: logged),
      timeZone: Self.oslo
    )
  }

  /// Every entry of `store`, oldest first, with its id.
  func entries(_ store: Store) async throws -> [FruitLogEntry] {
    try await store.fruitLogEntries(from: nil, to: nil, timeZone: Self.oslo).reversed()
  }

  @Test func theLogGoesOverEntryForEntryAndASecondCopyAddsNothing() async throws {
    let source = try await store()
    try await log(6, on: source, eaten: 1_795_100_000.25, logged: 1_795_100_100.5)
    try await log(6, on: source, eaten: 1_795_100_000.25, logged: 1_795_100_100.5)
    try await log(52, on: source, eaten: 1_795_200_000, logged: 1_795_200_000)
    // The target already gave id 1 to an entry of its own.
    let target = try await store()
    try await log(3, on: target, eaten: 1_795_000_000, logged: 1_795_000_000)
    let copier = FruitLogCopier()

    let snapshot = try await source.snapshot(copiers: [copier])
    #expect(copier.rows(of: snapshot)?.count == 3)
    #expect(!snapshot.leftBehind.contains { $0.table == "fruit_log" })
    #expect(snapshot.leftBehind.contains { $0.table == "fruit" })
    // Without the copier, the log is left behind and named.
    #expect(try await source.snapshot().leftBehind.contains { $0.table == "fruit_log" && $0.rows == 3 })
    let first = try await target.receive(snapshot, copiers: [copier])
    #expect(first.parts == [StoreCopyCount(.fruit(.copiedLog), added: 3, unchanged: 0)])
    let copied = try await entries(target)
    #expect(copied.map(\.fruitId) == [3, 6, 6, 52])
    #expect(copied.map(\.id) == [1, 2, 4, 3], "id 1 was taken: that entry got one after the kept ids")
    let original = try await entries(source)
    for (made, got) in zip(original, copied.dropFirst()) {
      #expect(made.name == got.name && made.eatenAt == got.eatenAt && made.nutritions == got.nutritions)
    }

    let second = try await target.receive(try await source.snapshot(copiers: [copier]), copiers: [copier])
    #expect(second.parts == [StoreCopyCount(.fruit(.copiedLog), added: 0, unchanged: 3)])
    #expect(try await entries(target).count == 4)
  }
}
