import BeaconCore
import BeaconJSON
import Foundation

/// Reads randomuser.me's answers leniently: key order does not matter, unknown fields are ignored, strings are
/// trimmed, coordinates may be strings or numbers (they are strings), postcodes and ids may be anything, and a
/// missing value is empty. Users without a `login.uuid` or without any name are skipped.
package enum RandomUserDecoding {
  /// The users of an answer `{results: [User], info: {…}}`.
  ///
  /// - Throws: ``UpstreamFault/badAnswer(reason:)`` for invalid JSON, randomuser.me's own `{"error": "…"}`
  ///   (which it may send with status 200) or an answer without `results`.
  package static func users(from body: [UInt8]) throws(BeaconError) -> [UserRecord] {
    let value: JSONValue
    do {
      value = try JSONParser.parse(body)
    } catch {
      throw .upstream(.randomUser, .badAnswer(reason: "invalid JSON from randomuser.me (\(error.reason))"))
    }
    if let results = value["results"]?.arrayValue { return results.compactMap(user(from:)) }
    if let error = value["error"]?.stringValue {
      throw .upstream(.randomUser, .badAnswer(reason: "randomuser.me: \(error)"))
    }
    throw .upstream(.randomUser, .badAnswer(reason: "randomuser.me answered without a list of users"))
  }

  /// One user object, or `nil` when it has no id or no name.
  static func user(from value: JSONValue) -> UserRecord? {
    guard value.objectValue != nil else { return nil }
    guard let id = text(value["login"]?["uuid"]), !id.isEmpty else { return nil }
    let firstName = text(value["name"]?["first"]) ?? ""
    let lastName = text(value["name"]?["last"]) ?? ""
    guard !firstName.isEmpty || !lastName.isEmpty else { return nil }
    let location = value["location"]
    let picture = value["picture"]
    return UserRecord(
      id: id,
      firstName: firstName,
      lastName: lastName,
      city: text(location?["city"]) ?? "",
      country: text(location?["country"]) ?? "",
      email: text(value["email"]) ?? "",
      phone: text(value["phone"]) ?? "",
      birthDate: birthDate(value["dob"]),
      picture: UserPicture(
        large: text(picture?["large"]) ?? "",
        medium: text(picture?["medium"]) ?? "",
        thumbnail: text(picture?["thumbnail"]) ?? ""
      ),
      location: coordinate(location?["coordinates"])
    )
  }

  /// The day of `dob.date` as written (`1980-04-06T18:29:24.899Z` → 1980-04-06); the API's own `age` is not read,
  /// since Beacon computes it for today. Older versions sent `dob` as a bare `1980-04-06 18:29:24` string.
  static func birthDate(_ dob: JSONValue?) -> CivilDate? {
    guard let written = text(dob?["date"]) ?? text(dob) else { return nil }
    return CivilDate(parsing: String(written.prefix(10)))
  }

  /// `{latitude, longitude}` as strings or numbers, within range.
  static func coordinate(_ value: JSONValue?) -> Coordinate? {
    guard let lat = number(value?["latitude"]), let lon = number(value?["longitude"]),
      (-90...90).contains(lat), (-180...180).contains(lon)
    else { return nil }
    return Coordinate(lat: lat, lon: lon)
  }

  // MARK: - Values

  /// A string without surrounding whitespace (numbers as written, for ids and postcodes).
  static func text(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?: text.trimmingCharacters(in: .whitespacesAndNewlines)
    case .int(let number)?: String(number)
    default: nil
    }
  }

  /// A finite number, also when written as a string (`"-27.8353"`).
  static func number(_ value: JSONValue?) -> Double? {
    let number = value?.doubleValue ?? value?.stringValue.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    return number.flatMap { $0.isFinite ? $0 : nil }
  }
}
