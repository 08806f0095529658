import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconPeople

/// Edits and deletions that outlast a refetch.
extension PeopleServiceTests {
  // MARK: - users/update

  @Test func editsWinOverTheAPIAndUntouchedFieldsKeepItsDataAcrossARefetch() async throws {
    let (service, _) = try makeService()
    let original = try #require(try await service.list().users.first { $0.id == Self.id(7) })
    let edited = try await service.update(id: Self.id(7), with: UserUpdate(lastName: "  Moksnes ", city: "Bergen"))
    #expect(edited.lastName == "Moksnes")
    #expect(edited.city == "Bergen")
    #expect(edited.firstName == original.firstName)
    #expect(edited.email == original.email)
    #expect(edited.edited)
    #expect(edited.editedFields == [.lastName, .city])

    // randomuser.me changes its data for everyone; the edited fields still win, the others follow the API.
    server.handler = { request in
      let page = RandomUserFixtures.page(seed: "ios").replacingOccurrences(of: "@example.com", with: "@example.org")
      return request.path.hasPrefix("/api") ? .json(page) : .text("Not Found", status: 404)
    }
    let refetched = try await service.list(refresh: true)
    #expect(refetched.source == .live)
    let user = try #require(refetched.users.first { $0.id == Self.id(7) })
    #expect(user.lastName == "Moksnes")
    #expect(user.city == "Bergen")
    #expect(user.email.hasSuffix("@example.org"))
    #expect(user.edited)
    #expect(refetched.users.map(\.id) == (0..<100).map { Self.id($0) }, "the order stays")

    let again = try await service.update(id: Self.id(7), with: UserUpdate(phone: "+47 912 34 567"))
    #expect(again.editedFields == [.lastName, .city, .phone], "later edits add to earlier ones")
  }

  @Test func aNewBirthDateGivesANewAgeAndBirthday() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    let user = try await service.update(id: Self.id(9), with: UserUpdate(birthDate: "2000-11-29"))
    #expect(user.birthDate == CivilDate(year: 2000, month: 11, day: 29))
    #expect(user.age == 25)
    #expect(user.editedFields == [.birthDate])
    let profile = try await service.user(id: Self.id(9))
    #expect(profile.birthdayThisWeek)
    #expect(profile.birthday == CivilDate(year: 2026, month: 11, day: 29))
    let today = try await service.update(id: Self.id(9), with: UserUpdate(birthDate: "2026-11-25"))
    #expect(today.age == 0, "born today is allowed")
  }

  @Test(arguments: [
    (UserUpdate(firstName: " "), "firstName"), (UserUpdate(lastName: String(repeating: "x", count: 101)), "lastName"),
    (UserUpdate(city: ""), "city"), (UserUpdate(email: "jana.moksnes@example"), "email"),
    (UserUpdate(email: "jana moksnes@example.com"), "email"), (UserUpdate(email: "@example.com"), "email"),
    (UserUpdate(phone: "ring meg"), "phone"), (UserUpdate(phone: "+-()"), "phone"),
    (UserUpdate(birthDate: "15.06.1995"), "birthDate"), (UserUpdate(birthDate: "1995-02-30"), "birthDate"),
    (UserUpdate(birthDate: "2026-11-26"), "birthDate"),
  ])
  func invalidEditsNameTheirFieldAndChangeNothing(update: UserUpdate, field: String) async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    let error = await failure { () async throws(BeaconError) in
      try await service.update(id: Self.id(3), with: update)
    }
    guard case .invalidArgument(let named, _)? = error else {
      Issue.record("expected invalid params, got \(String(describing: error))")
      return
    }
    #expect(named == field)
    #expect(try await service.list().users.first { $0.id == Self.id(3) }?.edited == false)
  }

  @Test func theMessagesOfInvalidEditsAreNorwegian() {
    let today = CivilDate(year: 2026, month: 11, day: 25)
    func message(_ update: UserUpdate) -> String? {
      do {
        _ = try PeopleService.validate(update, today: today)
        return nil
      } catch {
        return error.message(in: .nb)
      }
    }
    #expect(message(UserUpdate(email: "jana")) == "'jana' er ikke en e-postadresse; skriv den som navn@eksempel.no")
    #expect(message(UserUpdate(birthDate: "2027-01-01")) == "Fødselsdatoen kan ikke være i fremtiden")
    #expect(message(UserUpdate(firstName: "")) == "Fornavn mangler")
    #expect(message(UserUpdate(email: "jana.moksnes@example.com", phone: "+47 (0) 912-34.567/8")) == nil)
  }

  @Test func anUnknownUserCannotBeEditedAndAnEmptyEditChangesNothing() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    let error = await failure { () async throws(BeaconError) in
      try await service.update(id: "nobody", with: UserUpdate(city: "Oslo"))
    }
    #expect(error == .notFound(.user("nobody")))
    #expect(error?.kind == "notFound")
    let unchanged = try await service.update(id: Self.id(3), with: UserUpdate())
    #expect(unchanged.edited == false)
  }

  // MARK: - users/delete

  @Test func aDeletedUserNeverComesBackNotEvenWhenTheAPIListsThemAgain() async throws {
    let (service, store) = try makeService()
    _ = try await service.list()
    _ = try await service.update(id: Self.id(4), with: UserUpdate(firstName: "Jana"))
    #expect(try await service.delete(id: Self.id(4)))
    #expect(try await service.delete(id: Self.id(11)))
    #expect(try await service.delete(id: Self.id(11)) == false, "already gone")
    #expect(try await service.delete(id: "nobody") == false)

    let refetched = try await service.list(refresh: true)
    #expect(server.requests.count == 2)
    #expect(refetched.users.count == 98)
    #expect(!refetched.users.contains { [Self.id(4), Self.id(11)].contains($0.id) })
    let error = await failure { () async throws(BeaconError) in try await service.user(id: Self.id(4)) }
    #expect(error == .notFound(.user(Self.id(4))))
    #expect(try await store.storedUser(id: Self.id(4)) == nil, "the edits went with the user")

    // Not after a change of seed and back either.
    _ = try await service.setSeed("android")
    let back = try await service.setSeed("ios")
    #expect(back.total == 98)
    #expect(!(try await service.list().users.contains { $0.id == Self.id(11) }))
  }
}
