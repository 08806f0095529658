import BeaconCore
import Foundation

/// A user as Beacon shows them: randomuser.me's data with the user's own edits on top, and the age computed from
/// the birth date that wins.
public struct User: Sendable, Equatable, Codable {
  /// randomuser.me's `login.uuid`: the same for the same seed on every fetch.
  public var id: String
  public var firstName: String
  public var lastName: String
  public var city: String
  public var country: String
  public var email: String
  public var phone: String
  /// The day of birth, `1995-06-15` (randomuser.me's `dob.date` as written, or the edited date).
  public var birthDate: CivilDate?
  /// Whole years from ``birthDate`` to today in the user's time zone.
  public var age: Int?
  public var picture: UserPicture
  /// Where the user is on the map (randomuser.me's coordinates), when it gave usable ones.
  public var location: Coordinate?
  /// Whether the user saved an edit of one or more fields; edited users survive a change of seed.
  public var edited: Bool
  /// The fields whose edited value is shown instead of randomuser.me's.
  public var editedFields: [UserField]

  /// `record` with `edits` on top (edited fields win, the others show the API's data), its age as of `today`.
  public init(record: UserRecord, edits: UserEdits?, today: CivilDate) {
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
  public var name: String {
    [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
  }
}

/// randomuser.me's three sizes of a user's portrait.
public struct UserPicture: Sendable, Equatable, Codable {
  /// 128×128 px.
  public var large: String
  /// 72×72 px.
  public var medium: String
  /// 48×48 px.
  public var thumbnail: String

  /// Creates the URLs.
  public init(large: String, medium: String, thumbnail: String) {
    self.large = large
    self.medium = medium
    self.thumbnail = thumbnail
  }
}
