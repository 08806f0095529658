import BeaconCore
import Foundation

/// One user as randomuser.me gave them, before the user's own edits.
public struct UserRecord: Sendable, Equatable {
  /// `login.uuid`.
  public var id: String
  public var firstName: String
  public var lastName: String
  public var city: String
  public var country: String
  public var email: String
  public var phone: String
  /// The day of `dob.date` as written (its UTC date).
  public var birthDate: CivilDate?
  public var picture: UserPicture
  /// `location.coordinates`, when both are numbers in range.
  public var location: Coordinate?

  /// Creates a record.
  public init(
    id: String,
    firstName: String,
    lastName: String,
    city: String,
    country: String,
    email: String,
    phone: String,
    birthDate: CivilDate?,
    picture: UserPicture,
    location: Coordinate?
  ) {
    self.id = id
    self.firstName = firstName
    self.lastName = lastName
    self.city = city
    self.country = country
    self.email = email
    self.phone = phone
    self.birthDate = birthDate
    self.picture = picture
    self.location = location
  }
}

/// A stored user: randomuser.me's record and the user's edits of it, if any.
public struct StoredUser: Sendable, Equatable {
  public var record: UserRecord
  public var edits: UserEdits?
}

/// What storing a fetch changed: unedited users that randomuser.me no longer lists were removed, new ones added,
/// edited ones kept.
public struct UserStoreChange: Sendable, Equatable {
  /// Unedited users that are gone.
  public var removed: Int
  /// Users stored for the first time.
  public var added: Int
  /// Edited users (always kept).
  public var kept: Int
  /// Every stored user now.
  public var total: Int
}
