import BeaconCore
import Foundation

/// What `users/list` answers: every stored user in the directory's order, with where the data came from.
package struct UserListResult: Sendable, Equatable, Codable {
  package var users: [User]
  /// The seed the directory is fetched with (`ios` until `users/setSeed` changes it).
  package var seed: String
  /// `live` when fetched from randomuser.me just now, `cache` when read from the store.
  package var source: DataSource
  /// Whether the stored users stood in because randomuser.me could not be reached (or Beacon is offline) and they
  /// are older than their time to live.
  package var stale: Bool
  /// When the users were fetched from randomuser.me.
  package var fetchedAt: Date
  package var attribution: String
}
