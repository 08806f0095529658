import BeaconCore
import Foundation

/// What `users/update` answers: the user as shown from now on.
public struct UserUpdateResult: Sendable, Equatable, Codable {
  public var user: User

  /// Wraps the updated user.
  public init(user: User) {
    self.user = user
  }
}

/// What `users/delete` answers.
public struct UserDeleteResult: Sendable, Equatable, Codable {
  /// `false` when no stored user had that id (nothing changed).
  public var deleted: Bool

  /// Creates the answer.
  public init(deleted: Bool) {
    self.deleted = deleted
  }
}

/// What `users/setSeed` answers: the new seed and what changing to it did to the stored users.
public struct UserSeedResult: Sendable, Equatable, Codable {
  public var seed: String
  public var previousSeed: String
  /// Unedited users deleted.
  public var removed: Int
  /// Edited users kept.
  public var kept: Int
  /// Users fetched with the new seed and stored (deleted ones never come back).
  public var added: Int
  /// Every user the list shows now (kept + added).
  public var total: Int
  public var fetchedAt: Date
}
