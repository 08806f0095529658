import BeaconCore
import BeaconFruits
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// The `fruits/*` and `fruitlog/*` methods in-process against a loopback fake Fruityvice: results as the contract
/// says, Fruityvice's faults as the same wire errors as places, Norwegian messages, and the log through the server.
@Suite struct FruitMethodTests {
  /// The server's fixed clock: Sunday 22 November 2026, 13:00 in Oslo.
  static let now = Date(timeIntervalSince1970: 1_795_348_800)

  /// An initialized in-process session pointed at `server`.
  static func session(
    _ server: LoopbackHTTPServer,
    locale: String? = nil,
    offline: Bool = false
  ) async throws -> InProcessClient {
    let environment = BeaconOptions(offline: offline, serviceURLs: ["fruityvice": server.baseURL.absoluteString])
    let client = InProcessClient(options: .inMemory(environment: environment, now: now))
    _ = try await client.send(InitializeRequest(locale: locale))
    return client
  }

  /// Validates `result` against the result schema of `method` in `Schemas/openrpc.json`.
  static func expectConforms(_ result: JSONValue, to method: String) throws {
    let document = try OpenRPCContractTests.document()
    let description = try #require(OpenRPCContractTests.methods(document)[method])
    let schema = try #require(description["result"]?["schema"])
    let violations = JSONSchemaValidator(root: document).validate(result, against: schema)
    #expect(violations.isEmpty, "\(method): \(violations.prefix(5))")
  }

  // MARK: - Results

  @Test func theListIsSortedByIdAndColouredByFamily() async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server)
    let result = try await client.call("fruits/list").get()
    try Self.expectConforms(result, to: "fruits/list")
    let fruits = try #require(result["fruits"]?.arrayValue)
    #expect(fruits.compactMap { $0["id"]?.intValue } == [1, 2, 3, 4, 6, 10, 25, 26, 41, 52, 66, 72, 81, 87, 96, 101])
    #expect(result["source"] == "live")
    #expect(result["stale"] == false)
    #expect(result["fetchedAt"] == "2026-11-22T12:00:00.000Z")
    let rosaceae = fruits.filter { $0["family"] == "Rosaceae" }.compactMap { $0["color"] }
    #expect(rosaceae.count == 4)
    #expect(Set(rosaceae).count == 1)
    #expect(fruits.first?["nutritions"]?["sugar"] == 17.2)
    #expect(server.requests.map(\.target) == ["/api/fruit/all"])
  }

  @Test func aFruitCarriesTheNoticeThePulseAndTheRain() async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server)
    _ = try await client.call("fruitlog/add", params: ["fruitId": 1]).get()
    _ = try await client.call("fruitlog/add", params: ["fruitId": 1, "eatenAt": "2026-11-01T10:00:00+01:00"]).get()
    _ = try await client.call("fruitlog/add", params: ["fruitId": 1, "eatenAt": "2026-10-01T10:00:00+02:00"]).get()
    let banana = try await client.call("fruits/get", params: ["id": 1]).get()
    try Self.expectConforms(banana, to: "fruits/get")
    #expect(banana["highSugar"] == true)
    #expect(banana["notice"] == "Denne frukten har høyt sukkernivå")
    #expect(banana["background"]?["kind"] == "pulse")
    #expect(banana["rain"]?["count"] == 2, "the entry from 1 October is older than 30 days")
    #expect(banana["rain"]?["emoji"] == "🍌")
    #expect(banana["rain"]?["scaleFrom"] == 2)
    #expect(banana["rain"]?["scaleTo"] == 0.1)

    let strawberry = try await client.call("fruits/get", params: ["id": 3]).get()
    try Self.expectConforms(strawberry, to: "fruits/get")
    #expect(strawberry["highSugar"] == false)
    #expect(strawberry["notice"] == nil)
    #expect(strawberry["background"] == nil)
    #expect(strawberry["rain"]?["count"] == 0)
    #expect(strawberry["rain"]?["emoji"] == "💯")
  }

  @Test(arguments: [
    (Language.nb, "Denne frukten har høyt sukkernivå"), (.nn, "Denne frukta har høgt sukkernivå"),
    (.en, "This fruit is high in sugar"),
  ])
  func theNoticeIsInTheSessionsLanguage(language: Language, notice: String) async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server, locale: language.rawValue)
    #expect(try await client.call("fruits/get", params: ["id": 6]).get()["notice"] == .string(notice))
  }

  @Test func groupsAndOneGroupConformAndAgree() async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server)
    let groups = try await client.call("fruits/groups").get()
    try Self.expectConforms(groups, to: "fruits/groups")
    let families = try #require(groups["families"]?.arrayValue)
    #expect(families.first?["name"] == "Actinidiaceae")
    #expect(groups["genera"]?.arrayValue?.count == 13)
    #expect(groups["orders"]?.arrayValue?.count == 10)
    let citrus = try await client.call("fruits/byGroup", params: ["kind": "genus", "name": "Citrus"]).get()
    try Self.expectConforms(citrus, to: "fruits/byGroup")
    #expect(citrus["kind"] == "genus")
    #expect(citrus["fruits"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Orange", "Lemon"])
    let rutaceae = families.first { $0["name"] == "Rutaceae" }
    #expect(citrus["fruits"]?.arrayValue?.first?["color"] == rutaceae?["color"])
    #expect(server.requests.last?.target == "/api/fruit/genus/Citrus")
  }

  @Test func theLogIsGroupedByOsloDaysNewestFirstWithTotals() async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server)
    for (id, time) in [(3, "2026-11-21T22:59:00Z"), (4, "2026-11-21T23:00:00Z"), (1, "2026-11-22T08:00:00+01:00")] {
      let added = try await client.call("fruitlog/add", params: ["fruitId": .int(id), "eatenAt": .string(time)]).get()
      try Self.expectConforms(added, to: "fruitlog/add")
    }
    let days = try await client.call("fruitlog/days").get()
    try Self.expectConforms(days, to: "fruitlog/days")
    let list = try #require(days["days"]?.arrayValue)
    #expect(list.compactMap { $0["date"]?.stringValue } == ["2026-11-22", "2026-11-21"])
    #expect(list.first?["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Pear", "Banana"])
    #expect(list.first?["totals"] == ["calories": 153, "fat": 0.3, "sugar": 27.2, "carbohydrates": 37, "protein": 1.4])
    #expect(days["timeZone"] == "Europe/Oslo")

    let utc = try await client.call("fruitlog/days", params: ["timeZone": "Atlantic/Reykjavik"]).get()
    #expect(utc["days"]?.arrayValue?.compactMap { $0["date"]?.stringValue } == ["2026-11-22", "2026-11-21"])
    #expect(utc["days"]?.arrayValue?.last?["entries"]?.arrayValue?.count == 2)

    let narrowed = try await client.call("fruitlog/days", params: ["from": "2026-11-22", "to": "2026-11-22"]).get()
    #expect(narrowed["days"]?.arrayValue?.count == 1)

    let entryId = try #require(list.first?["entries"]?.arrayValue?.first?["id"])
    let removed = try await client.call("fruitlog/remove", params: ["entryId": entryId]).get()
    try Self.expectConforms(removed, to: "fruitlog/remove")
    #expect(removed["removed"] == true)
    #expect(try await client.call("fruitlog/remove", params: ["entryId": entryId]).get()["removed"] == false)
  }

  @Test func theConfiguredTimeZoneDecidesTheDaysUnlessTheRequestNamesOne() async throws {
    let server = try FruityviceFixtures.server()
    let environment = BeaconOptions(
      timeZone: "America/New_York",
      serviceURLs: ["fruityvice": server.baseURL.absoluteString]
    )
    let client = InProcessClient(options: .inMemory(environment: environment, now: Self.now))
    _ = try await client.send(InitializeRequest())
    // 03:00 UTC on 22 November is still the 21st in New York (UTC-5).
    _ = try await client.call("fruitlog/add", params: ["fruitId": 1, "eatenAt": "2026-11-22T03:00:00Z"]).get()
    let days = try await client.call("fruitlog/days").get()
    #expect(days["timeZone"] == "America/New_York")
    #expect(days["days"]?.arrayValue?.compactMap { $0["date"]?.stringValue } == ["2026-11-21"])
    let oslo = try await client.call("fruitlog/days", params: ["timeZone": "Europe/Oslo"]).get()
    #expect(oslo["days"]?.arrayValue?.compactMap { $0["date"]?.stringValue } == ["2026-11-22"])
  }

  // MARK: - Errors

  @Test func fruityvicesFaultsAndAnUnknownFruitOrGroupHaveTheSharedWireForms() {
    DomainErrorWireTests.expectSharedWireForm(of: .fruityvice)
    DomainErrorWireTests.expectNotFound([
      (.fruit(7), ["kind": "notFound", "fruitId": 7]),
      (.fruitGroup(kind: .genus, name: "Citrus"), ["kind": "notFound", "groupKind": "genus", "groupName": "Citrus"]),
    ])
  }

  @Test func anUnknownFruitIsNotFoundWithItsId() async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call("fruits/get", params: ["id": 999])))
    #expect(error.code == ApplicationErrorCode.notFound)
    #expect(error.kind == "notFound")
    #expect(error.data?["fruitId"] == 999)
    #expect(error.message == "Fant ingen frukt med id 999")
    let logged = try #require(failure(await client.call("fruitlog/add", params: ["fruitId": 999])))
    #expect(logged.code == ApplicationErrorCode.notFound)
  }

  @Test func anUnknownGroupIsNotFoundWithItsKindAndName() async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server)
    let error = try #require(
      failure(await client.call("fruits/byGroup", params: ["kind": "order", "name": "Nope"]))
    )
    #expect(error.code == ApplicationErrorCode.notFound)
    #expect(error.data == ["kind": "notFound", "groupKind": "order", "groupName": "Nope"])
    #expect(error.message == "Fruityvice kjenner ingen orden 'Nope'")
  }

  struct InvalidCase: Sendable, CustomTestStringConvertible {
    var method: String
    var params: JSONValue
    var field: String
    var testDescription: String { "\(method) \(params)" }
  }

  @Test(arguments: [
    InvalidCase(method: "fruits/byGroup", params: ["kind": "class", "name": "X"], field: "kind"),
    InvalidCase(method: "fruits/byGroup", params: ["kind": "genus", "name": " "], field: "name"),
    InvalidCase(method: "fruits/get", params: ["id": "one"], field: "id"),
    InvalidCase(method: "fruitlog/add", params: ["fruitId": 1, "eatenAt": "i går"], field: "eatenAt"),
    InvalidCase(
      method: "fruitlog/add",
      params: ["fruitId": 1, "eatenAt": "2026-11-22T13:00:01+01:00"],
      field: "eatenAt"
    ),
    InvalidCase(method: "fruitlog/add", params: [:], field: "fruitId"),
    InvalidCase(method: "fruitlog/days", params: ["from": "22.11.2026"], field: "from"),
    InvalidCase(method: "fruitlog/days", params: ["from": "2026-11-22", "to": "2026-11-01"], field: "from"),
    InvalidCase(method: "fruitlog/days", params: ["timeZone": "Europe/Bergen"], field: "timeZone"),
    InvalidCase(method: "fruitlog/remove", params: ["entryId": 1.5], field: "entryId"),
  ])
  func invalidParamsNameTheirField(_ invalid: InvalidCase) async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call(invalid.method, params: invalid.params)))
    #expect(error.code == .invalidParams)
    #expect(error.data?["field"] == .string(invalid.field))
  }

  @Test(arguments: [
    (Language.nb, "Tidspunktet kan ikke være i fremtiden"), (.nn, "Tidspunktet kan ikkje vere i framtida"),
    (.en, "The time cannot be in the future"),
  ])
  func aFutureTimeIsRefusedInTheSessionsLanguage(language: Language, message: String) async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server, locale: language.rawValue)
    let error = try #require(
      failure(await client.call("fruitlog/add", params: ["fruitId": 1, "eatenAt": "2027-01-01T00:00:00Z"]))
    )
    #expect(error.message == message)
  }

  @Test func anOutageIsUpstreamUnavailableNamingFruityvice() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(#"{"error": "down"}"#, status: 503) }
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call("fruits/list")))
    #expect(error.code == ApplicationErrorCode.upstreamUnavailable)
    #expect(error.data == ["kind": "upstreamUnavailable", "reason": "HTTP 503"])
    #expect(error.message == "Fruityvice svarer ikke som det skal akkurat nå; prøv igjen senere")
  }

  @Test func aRateLimitIsRateLimitedWithRetryAfter() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(#"{"error": "slow"}"#, status: 429, headers: ["Retry-After": "12"]) }
    let client = try await Self.session(server, locale: "en")
    let error = try #require(failure(await client.call("fruits/groups")))
    #expect(error.code == ApplicationErrorCode.rateLimited)
    #expect(error.data == ["kind": "rateLimited", "retryAfterSeconds": 12])
    #expect(error.message == "Too many requests to Fruityvice right now; try again in 12 s")
  }

  @Test func aRejectionCarriesFruityvicesOwnText() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(#"{"error": "Bad request"}"#, status: 400) }
    let client = try await Self.session(server)
    let error = try #require(
      failure(await client.call("fruits/byGroup", params: ["kind": "family", "name": "X"]))
    )
    #expect(error.code == ApplicationErrorCode.upstreamRejected)
    #expect(error.data == ["kind": "upstreamRejected", "upstreamMessage": "Bad request"])
  }

  @Test func offlineWithoutACatalogueSaysSo() async throws {
    let server = try FruityviceFixtures.server()
    let client = try await Self.session(server, offline: true)
    let error = try #require(failure(await client.call("fruits/list")))
    #expect(error.code == ApplicationErrorCode.upstreamUnavailable)
    #expect(error.data?["reason"] == "offline")
    #expect(error.message.contains("--offline"))
    #expect(server.requests.isEmpty)
    #expect(try await client.call("fruitlog/days").get()["days"] == [])
  }

  // MARK: - MCP

  @Test func theFruitToolsCallTheMethodsAndReadAsText() async throws {
    let server = try FruityviceFixtures.server()
    let environment = BeaconOptions(serviceURLs: ["fruityvice": server.baseURL.absoluteString])
    let client = MCPTestClient(options: .inMemory(environment: environment, now: Self.now))
    try await client.initialize()
    let names = try await client.allTools().tools.compactMap { $0["name"]?.stringValue }
    for tool in [
      "fruits_list", "fruits_get", "fruits_groups", "fruits_by_group", "fruitlog_add", "fruitlog_remove",
      "fruitlog_days",
    ] {
      #expect(names.contains(tool), "\(tool) is listed")
    }
    let list = try await client.call("fruits_list", [:], id: 1)
    #expect(list["isError"] == false)
    #expect(list["structuredContent"]?["fruits"]?.arrayValue?.count == 16)
    #expect(list.toolText?.contains("Japanese Persimmon") == true)
    try await MCPToolCallTests.expectConforms(list, to: "fruits_list", in: client)

    let eaten = try await client.call("fruitlog_add", ["fruitId": 26], id: 2)
    #expect(eaten.toolText?.contains("'Lemon'") == true, "\(eaten)")
    let days = try await client.call("fruitlog_days", [:], id: 3)
    #expect(days.toolText?.contains("2026-11-22") == true)
    #expect(days.toolText?.contains("29 kcal") == true, "\(days)")
    try await MCPToolCallTests.expectConforms(days, to: "fruitlog_days", in: client)

    let unknown = try await client.call("fruits_get", ["id": 999], id: 4)
    #expect(unknown["isError"] == true)
    #expect(unknown.toolText == "Fant ingen frukt med id 999")
  }
}
