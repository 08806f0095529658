import BeaconCore
import Foundation

/// One user as randomuser.me gave them, before the user's own edits.
package struct UserRecord: Sendable, Equatable {
  /// `login.uuid`.
  package var id: String
  package var firstName: String
  package var lastName: String
  package var city: String
  package var country: String
  package var email: String
  package var phone: String
  /// The day of `dob.date` as written (its UTC date).
  package var birthDate: CivilDate?
  package var picture: UserPicture
  /// `location.coordinates`, when both are numbers in range.
  package var location: Coordinate?

  /// Creates a record.
  package init(
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
package struct StoredUser: Sendable, Equatable {
  package var record: UserRecord
  package var edits: UserEdits?
}

/// What storing a fetch changed: unedited users that randomuser.me no longer lists were removed, new ones added,
/// edited ones kept.
package struct UserStoreChange: Sendable, Equatable {
  /// Unedited users that are gone.
  package var removed: Int
  /// Users stored for the first time.
  package var added: Int
  /// Edited users (always kept).
  package var kept: Int
  /// Every stored user now.
  package var total: Int
}
