import BeaconCore
import BeaconPostgres
import Foundation

/// Where the people service keeps the user directory: a SQLite store (``Store``) or a team's PostgreSQL store
/// (``PostgresStore``: the directory, its seed, the edits and the deletions are the team's, shared by every user).
package protocol PeopleStorage: Sendable {
  /// The seed the directory is fetched with (`defaultSeed` until one is set) and when it was last fetched.
  func userDirectory(defaultSeed: String) async throws(BeaconError) -> (seed: String, fetchedAt: Date?)
  /// Every stored user with their edits, in the directory's order.
  func storedUsers() async throws(BeaconError) -> [StoredUser]
  /// The stored user `id` with their edits, if there is one.
  func storedUser(id: String) async throws(BeaconError) -> StoredUser?
  /// Stores a fetch of `seed` made at `date` (edits stay and win, deleted users are skipped, unedited users missing
  /// from `records` are removed), in one transaction.
  func storeUsers(_ records: [UserRecord], seed: String, at date: Date) async throws(BeaconError) -> UserStoreChange
  /// Saves `edits` of user `id` over the earlier ones; `false` when no stored user has that id.
  func editUser(id: String, with edits: UserEdits, at date: Date) async throws(BeaconError) -> Bool
  /// Deletes user `id` for good (no later fetch brings them back); `false` when no stored user had that id.
  func deleteUser(id: String, at date: Date) async throws(BeaconError) -> Bool
}

extension Store: PeopleStorage {}

extension PostgresStore: PeopleStorage {}
