import BeaconCore
import Foundation

extension PeopleService {
  /// Saves the user's own values for some fields of user `id` (they win over randomuser.me's data from now on,
  /// through every later fetch; untouched fields keep showing the API's) and returns the user as shown now. A new
  /// birth date gives a new age. An update without fields changes nothing.
  ///
  /// - Throws: an invalid argument naming the field (empty or too long, an email without the shape
  ///   `name@domain.tld`, a phone number with other characters, a birth date that is no date or lies after today);
  ///   ``UnknownEntity/user(_:)`` for an id the store does not hold.
  package func update(id: String, with update: UserUpdate) async throws(BeaconError) -> User {
    let today = today
    let edits = try Self.validate(update, today: today)
    guard try await store.editUser(id: id, with: edits, at: now()),
      let stored = try await store.storedUser(id: id)
    else { throw .notFound(.user(id)) }
    return User(record: stored.record, edits: stored.edits, today: today)
  }

  /// Deletes user `id` for good: no later fetch, with any seed, shows them again. `false` when the store held no
  /// such user.
  package func delete(id: String) async throws(BeaconError) -> Bool {
    try await store.deleteUser(id: id, at: now())
  }

  /// Changes the seed: fetches ``pageSize`` users with `seed` and, in one transaction, deletes every unedited user,
  /// stores the new ones (never the deleted ones) and the seed for later fetches. Edited users stay, so one edited
  /// user and a new seed make 101. When randomuser.me cannot be reached nothing changes.
  ///
  /// - Throws: an invalid argument for an empty or too long seed; randomuser.me's faults (also `offline`).
  package func setSeed(_ rawSeed: String) async throws(BeaconError) -> UserSeedResult {
    let seed = rawSeed.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !seed.isEmpty else { throw .invalidArgument(field: "seed", message: .people(.emptySeed)) }
    guard seed.count <= Self.maxSeedLength else {
      throw .invalidArgument(field: "seed", message: .people(.seedTooLong(Self.maxSeedLength)))
    }
    guard !offline else { throw .upstream(.randomUser, .unavailable(reason: "offline")) }
    let previous = try await store.userDirectory(defaultSeed: Self.defaultSeed).seed
    let time = now()
    let change = try await fetch(seed: seed, at: time)
    return UserSeedResult(
      seed: seed,
      previousSeed: previous,
      removed: change.removed,
      kept: change.kept,
      added: change.added,
      total: change.total,
      fetchedAt: time
    )
  }

  // MARK: - Validation

  /// `update` checked and normalized (trimmed; the email as written): the fields to save.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming the first field that is wrong.
  package static func validate(_ update: UserUpdate, today: CivilDate) throws(BeaconError) -> UserEdits {
    func text(_ value: String?, _ field: UserField) throws(BeaconError) -> String? {
      guard let value else { return nil }
      let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty else { throw invalid(field, .missingValue(field)) }
      guard trimmed.count <= field.maxLength else { throw invalid(field, .tooLong(field, field.maxLength)) }
      return trimmed
    }
    var edits = UserEdits(
      firstName: try text(update.firstName, .firstName),
      lastName: try text(update.lastName, .lastName),
      city: try text(update.city, .city),
      email: try text(update.email, .email),
      phone: try text(update.phone, .phone)
    )
    if let email = edits.email, !isEmail(email) { throw invalid(.email, .invalidEmail(email)) }
    if let phone = edits.phone, !isPhoneNumber(phone) { throw invalid(.phone, .invalidPhone(phone)) }
    if let raw = update.birthDate {
      let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty else { throw invalid(.birthDate, .missingValue(.birthDate)) }
      guard let day = CivilDate(parsing: trimmed) else { throw invalid(.birthDate, .invalidBirthDate(raw)) }
      guard day <= today else { throw invalid(.birthDate, .birthDateInFuture) }
      edits.birthDate = day
    }
    return edits
  }

  /// `name@domain.tld`: one `@`, something before it, a dot inside the domain, no spaces.
  static func isEmail(_ text: String) -> Bool {
    let pattern = #"^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$"#
    return text.range(of: pattern, options: .regularExpression) != nil
  }

  /// Digits with spaces, `+`, `-`, `(`, `)`, `.` or `/` between them, at least one digit.
  static func isPhoneNumber(_ text: String) -> Bool {
    let allowed = Set("0123456789 +-()./")
    return text.allSatisfy(allowed.contains) && text.contains(where: \.isNumber)
  }

  private static func invalid(_ field: UserField, _ message: PeopleMessage) -> BeaconError {
    .invalidArgument(field: field.rawValue, message: .people(message))
  }
}
