import BeaconCore
import Foundation

/// The user's own values for some fields of a user; `nil` fields show randomuser.me's data.
public struct UserEdits: Sendable, Equatable {
  public var firstName: String?
  public var lastName: String?
  public var city: String?
  public var email: String?
  public var phone: String?
  public var birthDate: CivilDate?

  /// Creates edits.
  public init(
    firstName: String? = nil,
    lastName: String? = nil,
    city: String? = nil,
    email: String? = nil,
    phone: String? = nil,
    birthDate: CivilDate? = nil
  ) {
    self.firstName = firstName
    self.lastName = lastName
    self.city = city
    self.email = email
    self.phone = phone
    self.birthDate = birthDate
  }

  /// The fields that have a value, in ``UserField``'s order.
  public var fields: [UserField] {
    UserField.allCases.filter { field in
      switch field {
      case .firstName: firstName != nil
      case .lastName: lastName != nil
      case .city: city != nil
      case .email: email != nil
      case .phone: phone != nil
      case .birthDate: birthDate != nil
      }
    }
  }

  /// Whether no field has a value.
  public var isEmpty: Bool { fields.isEmpty }
}

/// A `users/update` as the client wrote it: each field as text, `nil` to leave it alone.
public struct UserUpdate: Sendable, Equatable {
  public var firstName: String?
  public var lastName: String?
  public var city: String?
  public var email: String?
  public var phone: String?
  /// `YYYY-MM-DD`.
  public var birthDate: String?

  /// Creates an update.
  public init(
    firstName: String? = nil,
    lastName: String? = nil,
    city: String? = nil,
    email: String? = nil,
    phone: String? = nil,
    birthDate: String? = nil
  ) {
    self.firstName = firstName
    self.lastName = lastName
    self.city = city
    self.email = email
    self.phone = phone
    self.birthDate = birthDate
  }
}
