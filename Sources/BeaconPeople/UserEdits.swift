import BeaconCore
import Foundation

/// The user's own values for some fields of a user; `nil` fields show randomuser.me's data.
package struct UserEdits: Sendable, Equatable {
  package var firstName: String?
  package var lastName: String?
  package var city: String?
  package var email: String?
  package var phone: String?
  package var birthDate: CivilDate?

  /// Creates edits.
  package init(
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
  package var fields: [UserField] {
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
  package var isEmpty: Bool { fields.isEmpty }
}

/// A `users/update` as the client wrote it: each field as text, `nil` to leave it alone.
package struct UserUpdate: Sendable, Equatable {
  package var firstName: String?
  package var lastName: String?
  package var city: String?
  package var email: String?
  package var phone: String?
  /// `YYYY-MM-DD`.
  package var birthDate: String?

  /// Creates an update.
  package init(
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
