import BeaconCore
import BeaconPeople
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// The `users/*` methods in-process against a loopback fake randomuser.me: results as the contract says, the
/// birthday celebration in the session's language, randomuser.me's faults as the same wire errors as places,
/// invalid params naming their field, and the MCP tools (the configuration: ServiceURLTests).
@Suite struct UserMethodTests {
  /// The server's fixed clock: Wednesday 25 November 2026, 13:00 in Oslo.
  static let now = RandomUserFixtures.now

  /// An initialized in-process session pointed at `server`.
  static func session(
    _ server: LoopbackHTTPServer,
    locale: String? = nil,
    offline: Bool = false
  ) async throws -> InProcessClient {
    let environment = BeaconOptions(offline: offline, serviceURLs: ["randomUser": server.baseURL.absoluteString])
    let client = InProcessClient(options: .inMemory(environment: environment, now: now))
    _ = try await client.send(InitializeRequest(locale: locale))
    return client
  }

  static func id(_ index: Int, seed: String = "ios") -> JSONValue {
    .string(RandomUserFixtures.uuid(seed: seed, index: index))
  }

  /// Checks an error's `data` against `ErrorData` in the contract.
  static func expectValidData(_ error: ResponseError) throws {
    let document = try OpenRPCContractTests.document()
    let schema = try #require(document["components"]?["schemas"]?["ErrorData"])
    let violations = JSONSchemaValidator(root: document).validate(error.data ?? .null, against: schema)
    #expect(violations.isEmpty, "\(violations)")
  }

  // MARK: - Results

  @Test func theListHas100UsersOfTheSeedIos() async throws {
    let server = try RandomUserFixtures.server()
    let client = try await Self.session(server)
    let result = try await client.call("users/list").get()
    try FruitMethodTests.expectConforms(result, to: "users/list")
    let users = try #require(result["users"]?.arrayValue)
    #expect(users.count == 100)
    #expect(users.first?["id"] == Self.id(0))
    #expect(result["seed"] == "ios")
    #expect(result["source"] == "live")
    #expect(result["stale"] == false)
    #expect(result["fetchedAt"] == "2026-11-25T12:00:00.000Z")
    #expect(users[1]["birthDate"] == "1988-02-29")
    #expect(users[1]["age"] == 38)
    #expect(users[1]["edited"] == false)
    #expect(users[1]["editedFields"] == [])
    #expect(users[1]["picture"]?["thumbnail"]?.stringValue?.hasPrefix("https://randomuser.me/api/portraits/") == true)
    #expect(server.requests.count == 1)
  }

  @Test func aProfileWithABirthdayThisWeekCarriesTheCelebration() async throws {
    let server = try RandomUserFixtures.server()
    let client = try await Self.session(server)
    let result = try await client.call("users/get", params: ["id": Self.id(0)]).get()
    try FruitMethodTests.expectConforms(result, to: "users/get")
    #expect(result["birthdayThisWeek"] == true)
    #expect(result["birthday"] == "2026-11-27")
    #expect(result["week"] == ["monday": "2026-11-23", "sunday": "2026-11-29", "timeZone": "Europe/Oslo"])
    let name = try #require(result["user"]?["firstName"]?.stringValue)
    #expect(result["notice"] == .string("\(name) har bursdag denne uken 🎉"))
    #expect(result["celebration"]?["badge"] == ["emoji": "🎉", "corner": "bottomRight"])
    #expect(result["celebration"]?["rain"]?["emoji"] == ["🍰", "🎂", "🧁"])
    #expect(result["celebration"]?["rain"]?["scaleFrom"] == 1)
    #expect(result["celebration"]?["rain"]?["scaleTo"] == 0.01)
    #expect(result["celebration"]?["rain"]?["whileOpen"] == true)

    let other = try await client.call("users/get", params: ["id": Self.id(2)]).get()
    try FruitMethodTests.expectConforms(other, to: "users/get")
    #expect(other["birthdayThisWeek"] == false)
    #expect(other["celebration"] == nil && other["notice"] == nil && other["birthday"] == nil)
  }

  @Test(arguments: [
    (Language.nb, "har bursdag denne uken 🎉"), (.nn, "har bursdag denne veka 🎉"), (.en, "has a birthday this week 🎉"),
  ])
  func theNoticeIsInTheSessionsLanguage(language: Language, ending: String) async throws {
    let server = try RandomUserFixtures.server()
    let client = try await Self.session(server, locale: language.rawValue)
    let notice = try await client.call("users/get", params: ["id": Self.id(0)]).get()["notice"]?.stringValue
    #expect(notice?.hasSuffix(ending) == true, "\(String(describing: notice))")
  }

  @Test func editsDeletionsTheMapAndANewSeedConform() async throws {
    let server = try RandomUserFixtures.server()
    let client = try await Self.session(server)
    _ = try await client.call("users/list").get()
    let updated = try await client.call(
      "users/update",
      params: ["id": Self.id(3), "lastName": "Moksnes", "birthDate": "1995-06-15", "email": "jana@example.no"]
    ).get()
    try FruitMethodTests.expectConforms(updated, to: "users/update")
    #expect(updated["user"]?["lastName"] == "Moksnes")
    #expect(updated["user"]?["age"] == 31)
    #expect(updated["user"]?["edited"] == true)
    #expect(updated["user"]?["editedFields"] == ["lastName", "email", "birthDate"])

    let deleted = try await client.call("users/delete", params: ["id": Self.id(4)]).get()
    try FruitMethodTests.expectConforms(deleted, to: "users/delete")
    #expect(deleted == ["deleted": true])
    #expect(try await client.call("users/delete", params: ["id": Self.id(4)]).get() == ["deleted": false])

    let map = try await client.call("users/map").get()
    try FruitMethodTests.expectConforms(map, to: "users/map")
    #expect(map["pins"]?.arrayValue?.count == 99)
    #expect(map["focus"] == nil)
    let centred = try await client.call("users/map", params: ["id": Self.id(3)]).get()
    try FruitMethodTests.expectConforms(centred, to: "users/map")
    #expect(centred["pins"]?.arrayValue?.count == 1)
    #expect(centred["focus"] == Self.id(3))
    #expect(centred["region"]?["center"] == centred["pins"]?.arrayValue?.first?["location"])

    let seed = try await client.call("users/setSeed", params: ["seed": "android"]).get()
    try FruitMethodTests.expectConforms(seed, to: "users/setSeed")
    #expect(seed["total"] == 101)
    #expect(seed["kept"] == 1)
    #expect(seed["removed"] == 98)
    let list = try await client.call("users/list").get()
    #expect(list["users"]?.arrayValue?.count == 101)
    #expect(list["seed"] == "android")
    #expect(server.requests.compactMap { $0.queryItems["seed"] } == ["ios", "android"])
  }

  @Test func thePeopleToolSetHasTheUsersTools() {
    let bySet = Dictionary(grouping: MCPToolCatalogue.tools.map(\.name)) { MCPToolSet.of(tool: $0) }
    #expect(bySet[.people]?.allSatisfy { $0.hasPrefix("users_") } == true)
  }

  // MARK: - Errors

  @Test func randomUsersFaultsAndAnUnknownUserHaveTheSharedWireForms() {
    DomainErrorWireTests.expectSharedWireForm(of: .randomUser)
    DomainErrorWireTests.expectNotFound([(.user("u"), ["kind": "notFound", "userId": "u"])])
  }

  @Test func anUnknownUserIsNotFoundWithItsId() async throws {
    let server = try RandomUserFixtures.server()
    let client = try await Self.session(server)
    for (method, params) in [
      ("users/get", ["id": "nope"]), ("users/map", ["id": "nope"]), ("users/update", ["id": "nope", "city": "Oslo"]),
    ] as [(String, JSONValue)] {
      let error = try #require(failure(await client.call(method, params: params)))
      #expect(error.code == ApplicationErrorCode.notFound, "\(method)")
      #expect(error.data == ["kind": "notFound", "userId": "nope"], "\(method)")
      #expect(error.message == "Fant ingen bruker med id 'nope'", "\(method)")
      try Self.expectValidData(error)
    }
  }

  struct InvalidCase: Sendable, CustomTestStringConvertible {
    var method: String
    var params: JSONValue
    var field: String
    var testDescription: String { "\(method) \(params)" }
  }

  @Test(arguments: [
    InvalidCase(method: "users/get", params: [:], field: "id"),
    InvalidCase(method: "users/get", params: ["id": 7], field: "id"),
    InvalidCase(method: "users/update", params: ["id": "x", "email": "jana(at)example.com"], field: "email"),
    InvalidCase(method: "users/update", params: ["id": "x", "birthDate": "2026-11-26"], field: "birthDate"),
    InvalidCase(method: "users/update", params: ["id": "x", "birthDate": "15.06.1995"], field: "birthDate"),
    InvalidCase(method: "users/update", params: ["id": "x", "firstName": "  "], field: "firstName"),
    InvalidCase(method: "users/update", params: ["id": "x", "phone": "tlf"], field: "phone"),
    InvalidCase(method: "users/update", params: ["id": "x", "city": 5], field: "city"),
    InvalidCase(method: "users/setSeed", params: ["seed": " "], field: "seed"),
    InvalidCase(method: "users/setSeed", params: [:], field: "seed"),
    InvalidCase(method: "users/list", params: ["refresh": "yes"], field: "refresh"),
  ])
  func invalidParamsNameTheirField(_ invalid: InvalidCase) async throws {
    let server = try RandomUserFixtures.server()
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call(invalid.method, params: invalid.params)))
    #expect(error.code == .invalidParams)
    #expect(error.data?["field"] == .string(invalid.field))
  }

  @Test(arguments: [
    (Language.nb, "Fødselsdatoen kan ikke være i fremtiden"), (.nn, "Fødselsdatoen kan ikkje vere i framtida"),
    (.en, "The birth date cannot be in the future"),
  ])
  func aFutureBirthDateIsRefusedInTheSessionsLanguage(language: Language, message: String) async throws {
    let server = try RandomUserFixtures.server()
    let client = try await Self.session(server, locale: language.rawValue)
    _ = try await client.call("users/list").get()
    let error = try #require(
      failure(await client.call("users/update", params: ["id": Self.id(0), "birthDate": "2030-01-01"]))
    )
    #expect(error.message == message)
  }

  @Test func anOutageIsUpstreamUnavailableNamingRandomUser() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(RandomUserFixtures.troubleBody, status: 503) }
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call("users/list")))
    #expect(error.code == ApplicationErrorCode.upstreamUnavailable)
    #expect(error.data == ["kind": "upstreamUnavailable", "reason": "HTTP 503"])
    #expect(error.message == "randomuser.me svarer ikke som det skal akkurat nå; prøv igjen senere")
    try Self.expectValidData(error)
  }

  @Test func aRateLimitIsRateLimitedWithRetryAfter() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(RandomUserFixtures.rateLimitBody, status: 429, headers: ["Retry-After": "12"]) }
    let client = try await Self.session(server, locale: "en")
    let error = try #require(failure(await client.call("users/setSeed", params: ["seed": "android"])))
    #expect(error.code == ApplicationErrorCode.rateLimited)
    #expect(error.data == ["kind": "rateLimited", "retryAfterSeconds": 12])
    #expect(error.message == "Too many requests to randomuser.me right now; try again in 12 s")
  }

  @Test func aRejectionCarriesRandomUsersOwnText() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(#"{"error": "Bad request"}"#, status: 400) }
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call("users/map")))
    #expect(error.code == ApplicationErrorCode.upstreamRejected)
    #expect(error.data == ["kind": "upstreamRejected", "upstreamMessage": "Bad request"])
    #expect(error.message == "randomuser.me avviste forespørselen: Bad request")
  }

  @Test func offlineWithoutUsersSaysSo() async throws {
    let server = try RandomUserFixtures.server()
    let client = try await Self.session(server, offline: true)
    let error = try #require(failure(await client.call("users/list")))
    #expect(error.code == ApplicationErrorCode.upstreamUnavailable)
    #expect(error.data?["reason"] == "offline")
    #expect(error.message.contains("--offline"))
    #expect(server.requests.isEmpty)
  }

  // MARK: - MCP

  @Test func theUserToolsCallTheMethodsAndReadAsText() async throws {
    let server = try RandomUserFixtures.server()
    let environment = BeaconOptions(serviceURLs: ["randomUser": server.baseURL.absoluteString])
    let client = MCPTestClient(options: .inMemory(environment: environment, now: Self.now))
    try await client.initialize()
    let names = try await client.allTools().tools.compactMap { $0["name"]?.stringValue }
    for tool in ["users_list", "users_get", "users_update", "users_delete", "users_map", "users_set_seed"] {
      #expect(names.contains(tool), "\(tool) is listed")
    }
    let list = try await client.call("users_list", [:], id: 1)
    #expect(list["isError"] == false)
    #expect(list["structuredContent"]?["users"]?.arrayValue?.count == 100)
    #expect(list.toolText?.hasPrefix("100 brukere (seed 'ios'") == true, "\(list.toolText ?? "")")
    try await MCPToolCallTests.expectConforms(list, to: "users_list", in: client)

    let profile = try await client.call("users_get", ["id": Self.id(0)], id: 2)
    #expect(profile.toolText?.contains("har bursdag denne uken 🎉") == true, "\(profile)")
    #expect(profile.toolText?.contains("🍰 🎂 🧁") == true)
    try await MCPToolCallTests.expectConforms(profile, to: "users_get", in: client)

    let edited = try await client.call("users_update", ["id": Self.id(5), "city": "Tromsø"], id: 3)
    #expect(edited.toolText?.contains("Lagret endringene for") == true, "\(edited)")
    #expect(edited.toolText?.contains("✎ by") == true, "\(edited)")

    let seed = try await client.call("users_set_seed", ["seed": "android"], id: 4)
    #expect(seed.toolText?.contains("listen har 101 brukere") == true, "\(seed)")
    try await MCPToolCallTests.expectConforms(seed, to: "users_set_seed", in: client)

    let deleted = try await client.call("users_delete", ["id": Self.id(5)], id: 5)
    #expect(deleted.toolText?.contains("er slettet og kommer ikke tilbake") == true, "\(deleted)")

    let map = try await client.call("users_map", ["id": Self.id(0, seed: "android")], id: 6)
    #expect(map.toolText?.hasPrefix("Kartet er sentrert på") == true, "\(map)")

    let unknown = try await client.call("users_get", ["id": "nope"], id: 7)
    #expect(unknown["isError"] == true)
    #expect(unknown.toolText == "Fant ingen bruker med id 'nope'")
  }
}
