import BeaconCore
import Foundation

/// What `users/update` answers: the user as shown from now on.
package struct UserUpdateResult: Sendable, Equatable, Codable {
  package var user: User

  /// Wraps the updated user.
  package init(user: User) {
    self.user = user
  }
}

/// What `users/delete` answers.
package struct UserDeleteResult: Sendable, Equatable, Codable {
  /// `false` when no stored user had that id (nothing changed).
  package var deleted: Bool

  /// Creates the answer.
  package init(deleted: Bool) {
    self.deleted = deleted
  }
}

/// What `users/setSeed` answers: the new seed and what changing to it did to the stored users.
package struct UserSeedResult: Sendable, Equatable, Codable {
  package var seed: String
  package var previousSeed: String
  /// Unedited users deleted.
  package var removed: Int
  /// Edited users kept.
  package var kept: Int
  /// Users fetched with the new seed and stored (deleted ones never come back).
  package var added: Int
  /// Every user the list shows now (kept + added).
  package var total: Int
  package var fetchedAt: Date
}
