import BeaconCore
import Foundation

/// What `users/list` answers: every stored user in the directory's order, with where the data came from.
public struct UserListResult: Sendable, Equatable, Codable {
  public var users: [User]
  /// The seed the directory is fetched with (`ios` until `users/setSeed` changes it).
  public var seed: String
  /// `live` when fetched from randomuser.me just now, `cache` when read from the store.
  public var source: DataSource
  /// Whether the stored users stood in because randomuser.me could not be reached (or Beacon is offline) and they
  /// are older than their time to live.
  public var stale: Bool
  /// When the users were fetched from randomuser.me.
  public var fetchedAt: Date
  public var attribution: String
}
