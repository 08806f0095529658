import BeaconCore
import JSONRPC

/// Saves the user's own values for some fields of a user; they win over randomuser.me's data.
public struct UpdateUserRequest: RequestType, Encodable, Equatable {
  public static let method = "users/update"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = UserUpdateResult

  /// The user's id from `users/list`.
  public var id: String
  public var firstName: String?
  public var lastName: String?
  public var city: String?
  /// `name@domain.tld`.
  public var email: String?
  public var phone: String?
  /// `YYYY-MM-DD`, not after today; the age follows it.
  public var birthDate: String?

  public init(
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
public struct DeleteUserRequest: RequestType, Encodable, Equatable {
  public static let method = "users/delete"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = UserDeleteResult

  /// The user's id from `users/list`.
  public var id: String

  public init(id: String) {
    self.id = id
  }
}

/// Changes the seed: unedited users go, 100 users of the new seed come, edited users stay.
public struct SetUserSeedRequest: RequestType, Encodable, Equatable {
  public static let method = "users/setSeed"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = UserSeedResult

  /// Any text (1–64 characters); the same seed always gives the same users.
  public var seed: String

  public init(seed: String) {
    self.seed = seed
  }
}
