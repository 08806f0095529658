import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconPeople

/// `RandomUserDecoding` reads randomuser.me's answers as they really are: coordinates as strings, postcodes as
/// numbers or strings, `id.value` `null`, names in any script, and fields left out by `inc`.
@Suite struct RandomUserDecodingTests {
  static func decode(_ json: String) throws(BeaconError) -> [UserRecord] {
    try RandomUserDecoding.users(from: Array(json.utf8))
  }

  @Test func aFixturePageHasEveryUserWithTheirFields() throws {
    let users = try Self.decode(RandomUserFixtures.page(seed: "ios"))
    #expect(users.count == 100)
    #expect(Set(users.map(\.id)).count == 100)
    #expect(users.first?.id == RandomUserFixtures.uuid(seed: "ios", index: 0))
    #expect(users.allSatisfy { $0.location != nil && !$0.email.isEmpty && !$0.picture.thumbnail.isEmpty })
    #expect(users[1].birthDate == CivilDate(year: 1988, month: 2, day: 29))
    #expect(users[2].birthDate?.description.hasSuffix("-11-30") == true, "the date as written, not Oslo's")
    #expect(users.contains { $0.country == "Iran" } && users.contains { $0.country == "Ukraine" })
  }

  @Test func theSameSeedGivesTheSameUsersAndAnotherSeedOthers() throws {
    let first = try Self.decode(RandomUserFixtures.page(seed: "ios"))
    let again = try Self.decode(RandomUserFixtures.page(seed: "ios"))
    let other = try Self.decode(RandomUserFixtures.page(seed: "android"))
    #expect(first == again)
    #expect(Set(first.map(\.id)).isDisjoint(with: other.map(\.id)))
  }

  @Test func oneUserIsReadAsTheAPIWritesIt() throws {
    let json = #"""
      {"results": [{
        "gender": "female",
        "name": {"title": "Ms", "first": " Ingrid ", "last": "Moksnes"},
        "location": {"street": {"number": 12, "name": "Storgata"}, "city": "Tromsø", "state": "Troms",
          "country": "Norway", "postcode": "9008",
          "coordinates": {"latitude": "69.6492", "longitude": "18.9553"},
          "timezone": {"offset": "+1:00", "description": "Brussels, Copenhagen, Madrid, Paris"}},
        "email": "ingrid.moksnes@example.com",
        "login": {"uuid": "7c2b6b1e-0000-4000-8000-000000000001", "username": "bluefish1", "password": "x"},
        "dob": {"date": "1995-06-15T23:30:00.000Z", "age": 31},
        "phone": "61234567", "cell": "92345678",
        "id": {"name": "FN", "value": "15069512345"},
        "picture": {"large": "https://randomuser.me/api/portraits/women/1.jpg",
          "medium": "https://randomuser.me/api/portraits/med/women/1.jpg",
          "thumbnail": "https://randomuser.me/api/portraits/thumb/women/1.jpg"},
        "nat": "NO"}],
       "info": {"seed": "ios", "results": 1, "page": 1, "version": "1.4"}}
      """#
    let user = try #require(try Self.decode(json).first)
    #expect(user.id == "7c2b6b1e-0000-4000-8000-000000000001")
    #expect(user.firstName == "Ingrid")
    #expect(user.city == "Tromsø")
    #expect(user.country == "Norway")
    #expect(user.phone == "61234567")
    #expect(user.birthDate == CivilDate(year: 1995, month: 6, day: 15))
    #expect(user.location == Coordinate(lat: 69.6492, lon: 18.9553))
    #expect(user.picture.medium == "https://randomuser.me/api/portraits/med/women/1.jpg")
  }

  @Test func missingAndOddFieldsAreLenient() throws {
    let json = #"""
      {"results": [
        {"name": {"first": "Ömer", "last": "Koç"}, "login": {"uuid": "a"}, "id": {"name": "", "value": null},
         "location": {"postcode": 55344, "coordinates": {"latitude": 12.5, "longitude": "east"}},
         "dob": "1983-05-05 06:33:09"},
        {"name": {"first": "No", "last": "Id"}, "login": {}},
        {"name": {"first": "", "last": ""}, "login": {"uuid": "nameless"}},
        {"name": {"first": "Мирослава"}, "login": {"uuid": "b"}, "location": {"coordinates":
          {"latitude": "95.0", "longitude": "10"}}, "dob": {"date": "garbage"}},
        "not a user"
      ]}
      """#
    let users = try Self.decode(json)
    #expect(users.map(\.id) == ["a", "b"])
    #expect(users[0].location == nil, "a longitude that is no number")
    #expect(users[0].birthDate == CivilDate(year: 1983, month: 5, day: 5), "v1.0's bare dob string")
    #expect(users[0].email == "" && users[0].city == "" && users[0].picture.large == "")
    #expect(users[1].firstName == "Мирослава" && users[1].lastName == "")
    #expect(users[1].location == nil, "a latitude out of range")
    #expect(users[1].birthDate == nil)
  }

  @Test(arguments: [
    (RandomUserFixtures.troubleBody, "randomuser.me: Uh oh"), (#"{"info": {}}"#, "without a list of users"),
    (#"{"results": [{"na"#, "invalid JSON"), ("<html>busy</html>", "invalid JSON"),
  ])
  func unusableAnswersAreUpstreamUnavailable(body: String, reason: String) {
    do {
      _ = try Self.decode(body)
      Issue.record("expected an error")
    } catch {
      guard case .upstream(.randomUser, .badAnswer(let detail)) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(detail.contains(reason), "\(detail)")
      #expect(error.kind == "upstreamUnavailable")
    }
  }

  @Test func theErrorTextIsRandomUsersOwn() {
    #expect(KeylessAPIClient.errorMessage(Array(RandomUserFixtures.rateLimitBody.utf8)).hasPrefix("Whoa, ease up"))
    #expect(KeylessAPIClient.errorMessage(Array("Not Found".utf8)) == "Not Found")
  }

  @Test func theRequestAsksForOnePinnedVersionWithEveryValueEncoded() {
    #expect(
      RandomUserClient.target(seed: "ios", count: 100)
        == "/api/1.4/?results=100&seed=ios&inc=name%2Clocation%2Cemail%2Clogin%2Cdob%2Cphone%2Cpicture"
    )
    #expect(RandomUserClient.target(seed: "a b+c&d=é", count: 1).contains("seed=a%20b%2Bc%26d%3D%C3%A9&"))
  }
}
