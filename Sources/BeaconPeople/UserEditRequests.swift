import BeaconCore
import JSONRPC

/// Saves the user's own values for some fields of a user; they win over randomuser.me's data.
package struct UpdateUserRequest: RequestType, Encodable, Equatable {
  package static let method = "users/update"
  package static let ordering = RequestOrdering.exclusive
  package typealias Response = UserUpdateResult

  /// The user's id from `users/list`.
  package var id: String
  package var firstName: String?
  package var lastName: String?
  package var city: String?
  /// `name@domain.tld`.
  package var email: String?
  package var phone: String?
  /// `YYYY-MM-DD`, not after today; the age follows it.
  package var birthDate: String?

  package init(
    id: String,
    firstName: String? = nil,
    lastName: String? = nil,
    city: String? = nil,
    email: String? = nil,
    phone: String? = nil,
    birthDate: String? = nil
  ) {
    self.id = id
    self.firstName = firstName
    self.lastName = lastName
    self.city = city
    self.email = email
    self.phone = phone
    self.birthDate = birthDate
  }

  /// The fields to change.
  package var update: UserUpdate {
    UserUpdate(
      firstName: firstName,
      lastName: lastName,
      city: city,
      email: email,
      phone: phone,
      birthDate: birthDate
    )
  }
}

/// Deletes a user for good: no later fetch shows them again.
package struct DeleteUserRequest: RequestType, Encodable, Equatable {
  package static let method = "users/delete"
  package static let ordering = RequestOrdering.exclusive
  package typealias Response = UserDeleteResult

  /// The user's id from `users/list`.
  package var id: String

  package init(id: String) {
    self.id = id
  }
}

/// Changes the seed: unedited users go, 100 users of the new seed come, edited users stay.
package struct SetUserSeedRequest: RequestType, Encodable, Equatable {
  package static let method = "users/setSeed"
  package static let ordering = RequestOrdering.exclusive
  package typealias Response = UserSeedResult

  /// Any text (1–64 characters); the same seed always gives the same users.
  package var seed: String

  package init(seed: String) {
    self.seed = seed
  }
}
