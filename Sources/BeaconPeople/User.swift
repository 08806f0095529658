import BeaconCore
import Foundation

/// A user as Beacon shows them: randomuser.me's data with the user's own edits on top, and the age computed from
/// the birth date that wins.
package struct User: Sendable, Equatable, Codable {
  /// randomuser.me's `login.uuid`: the same for the same seed on every fetch.
  package var id: String
  package var firstName: String
  package var lastName: String
  package var city: String
  package var country: String
  package var email: String
  package var phone: String
  /// The day of birth, `1995-06-15` (randomuser.me's `dob.date` as written, or the edited date).
  package var birthDate: CivilDate?
  /// Whole years from ``birthDate`` to today in the user's time zone.
  package var age: Int?
  package var picture: UserPicture
  /// Where the user is on the map (randomuser.me's coordinates), when it gave usable ones.
  package var location: Coordinate?
  /// Whether the user saved an edit of one or more fields; edited users survive a change of seed.
  package var edited: Bool
  /// The fields whose edited value is shown instead of randomuser.me's.
  package var editedFields: [UserField]

  /// `record` with `edits` on top (edited fields win, the others show the API's data), its age as of `today`.
  package init(record: UserRecord, edits: UserEdits?, today: CivilDate) {
    let edits = edits ?? UserEdits()
    id = record.id
    firstName = edits.firstName ?? record.firstName
    lastName = edits.lastName ?? record.lastName
    city = edits.city ?? record.city
    country = record.country
    email = edits.email ?? record.email
    phone = edits.phone ?? record.phone
    birthDate = edits.birthDate ?? record.birthDate
    age = birthDate.map { BirthdayCalendar.age(of: $0, on: today) }
    picture = record.picture
    location = record.location
    editedFields = edits.fields
    edited = !editedFields.isEmpty
  }

  /// `First Last`.
  package var name: String {
    [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
  }
}

/// randomuser.me's three sizes of a user's portrait.
package struct UserPicture: Sendable, Equatable, Codable {
  /// 128×128 px.
  package var large: String
  /// 72×72 px.
  package var medium: String
  /// 48×48 px.
  package var thumbnail: String

  /// Creates the URLs.
  package init(large: String, medium: String, thumbnail: String) {
    self.large = large
    self.medium = medium
    self.thumbnail = thumbnail
  }
}
