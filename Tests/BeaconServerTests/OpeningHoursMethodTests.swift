import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// Opening hours on the wire and as text, with the server's clock fixed: `openNow` in summaries and details,
/// the `openNow` param of `places/search` and `favorites/list`, the schema, and "Åpen nå – stenger 22:00".
@Suite struct OpeningHoursMethodTests {
  /// Monday 2026-03-23, 19:00 in Oslo.
  static let now = ISO8601DateFormatter().date(from: "2026-03-23T19:00:00+01:00") ?? .distantPast

  static func session(_ server: LoopbackHTTPServer, now: Date = now) async throws -> InProcessClient {
    let environment = BeaconOptions(geoapifyAPIKey: APIKey("sk-test"), geoapifyBaseURL: server.baseURL.absoluteString)
    let client = InProcessClient(options: .inMemory(environment: environment, now: now))
    _ = try await client.send(InitializeRequest(locale: "nb"))
    return client
  }

  static func violations(_ result: JSONValue, of method: String) throws -> [String] {
    let document = try OpenRPCContractTests.document()
    let schema = try #require(OpenRPCContractTests.methods(document)[method]?["result"]?["schema"])
    return JSONSchemaValidator(root: document).validate(result, against: schema).map { "\($0.path): \($0.message)" }
  }

  @Test func searchResultsSayWhetherEachPlaceIsOpenAndOpenNowKeepsTheOpenOnes() async throws {
    let server = try GeoapifyFixtures.server()
    let client = try await Self.session(server)
    let all = try await client.call("places/search", params: ["category": "cafe", "limit": 3]).get()
    #expect(try Self.violations(all, of: "places/search").isEmpty)
    let places = try #require(all["places"]?.arrayValue)
    #expect(places.map { $0["name"]?.stringValue } == ["Østbanen Kaffebar", "Skippergata", "Bønne & Brød"])
    #expect(places.map { $0["openNow"] } == [true, .null, false])
    #expect(places[0]["closesAt"] == "2026-03-23T21:00:00+01:00")
    #expect(places[2]["opensAt"] == "2026-03-24T08:00:00+01:00")
    #expect(places[1]["closesAt"] == nil && places[1]["opensAt"] == nil)

    let open = try await client.call("places/search", params: ["category": "cafe", "limit": 3, "openNow": true]).get()
    #expect(try Self.violations(open, of: "places/search").isEmpty)
    let names = (open["places"]?.arrayValue ?? []).map { $0["name"]?.stringValue }
    #expect(names == ["Østbanen Kaffebar", "Café Youngstorget", "Åpen Dør Kafé"])
  }

  @Test func detailsCarryTheEvaluatedHoursAndTheWeek() async throws {
    let server = try GeoapifyFixtures.server()
    // Tuesday 2026-03-24, 22:30 in Oslo: Bryggehallen (Tu-Th 16:00-23:00) closes at 23:00.
    let tuesday = ISO8601DateFormatter().date(from: "2026-03-24T22:30:00+01:00") ?? .distantPast
    let client = try await Self.session(server, now: tuesday)
    let result = try await client.call("places/details", params: ["id": .string(GeoapifyFixtures.detailsRestaurantID)])
      .get()
    #expect(try Self.violations(result, of: "places/details").isEmpty)
    let hours = try #require(result["place"]?["openingHours"])
    #expect(hours["raw"] == "Tu-Th 16:00-23:00; Fr,Sa 12:00-24:00; Su 12:00-20:00; Mo off")
    #expect(hours["openNow"] == true)
    #expect(hours["closesAt"] == "2026-03-24T23:00:00+01:00")
    let weekly = try #require(hours["weekly"]?.arrayValue)
    #expect(weekly.map { $0["day"]?.stringValue ?? "" }.joined(separator: " ") == "Mo Tu We Th Fr Sa Su")
    #expect(weekly[0] == ["day": "Mo", "date": "2026-03-23", "spans": []])
    #expect(weekly[4]["spans"] == ["12:00-24:00"])
  }

  @Test func favouritesCanBeListedOpenOnly() async throws {
    let server = try GeoapifyFixtures.server()
    let client = try await Self.session(server)
    let found = try await client.call("places/search", params: ["category": "cafe", "limit": 3]).get()
    for place in found["places"]?.arrayValue ?? [] {
      _ = try await client.call("favorites/add", params: ["placeId": place["id"] ?? .null]).get()
    }
    let all = try await client.call("favorites/list", params: [:]).get()
    #expect(all["places"]?.arrayValue?.count == 3)
    let open = try await client.call("favorites/list", params: ["openNow": true]).get()
    #expect(try Self.violations(open, of: "favorites/list").isEmpty)
    #expect((open["places"]?.arrayValue ?? []).map { $0["name"]?.stringValue } == ["Østbanen Kaffebar"])
  }

  @Test func openNowMustBeABoolean() async throws {
    let server = try GeoapifyFixtures.server()
    let client = try await Self.session(server)
    for method in ["places/search", "favorites/list"] {
      let result = await client.call(method, params: ["openNow": "yes"])
      guard case .failure(let error) = result else {
        Issue.record("\(method): expected -32602, got \(result)")
        continue
      }
      #expect(error.code == .invalidParams)
      #expect(error.data?["field"] == "openNow")
    }
  }

  @Test func theToolDescriptionsMentionOpenNow() {
    for name in ["places_search", "places_details", "favorites_list"] {
      #expect(MCPToolCatalogue.tool(named: name)?.description.contains("openNow") == true, "\(name)")
    }
  }

  // MARK: - Text

  static func time(_ text: String) -> LocalDateTime? {
    ISO8601DateFormatter().date(from: text).map { date in
      LocalDateTime(date: date, utcOffsetSeconds: text.hasSuffix("+02:00") ? 7_200 : 3_600)
    }
  }

  @Test(arguments: [
    (Language.nb, "Åpen nå – stenger 22:00", "Stengt – åpner 11:00", "Åpen nå", "Stengt"),
    (Language.nn, "Ope no – stengjer 22:00", "Stengt – opnar 11:00", "Ope no", "Stengt"),
    (Language.en, "Open now – closes 22:00", "Closed – opens 11:00", "Open now", "Closed"),
  ])
  func openAndClosedReadInEveryLanguage(language: Language, open: String, closed: String, always: String, never: String)
  {
    let output = HumanOutput(language: language, now: Self.now)
    #expect(output.openingStatus(true, closesAt: Self.time("2026-03-23T22:00:00+01:00"), opensAt: nil) == open)
    #expect(output.openingStatus(false, closesAt: nil, opensAt: Self.time("2026-03-24T11:00:00+01:00")) == closed)
    #expect(output.openingStatus(true, closesAt: nil, opensAt: nil) == always)
    #expect(output.openingStatus(false, closesAt: nil, opensAt: nil) == never)
    #expect(output.openingStatus(nil, closesAt: nil, opensAt: nil) == "")
  }

  @Test func timesMoreThanADayAheadNameTheDayAndMoreThanAWeekTheDate() {
    let nb = HumanOutput(language: .nb, now: Self.now)
    #expect(
      nb.openingStatus(false, closesAt: nil, opensAt: Self.time("2026-03-27T11:00:00+01:00"))
        == "Stengt – åpner fre. 11:00"
    )
    #expect(
      nb.openingStatus(false, closesAt: nil, opensAt: Self.time("2026-05-01T11:00:00+02:00"))
        == "Stengt – åpner 1. mai 11:00"
    )
    let en = HumanOutput(language: .en, now: Self.now)
    #expect(
      en.openingStatus(true, closesAt: Self.time("2026-03-25T02:00:00+01:00"), opensAt: nil)
        == "Open now – closes Wed 02:00"
    )
    #expect(
      en.openingStatus(false, closesAt: nil, opensAt: Self.time("2026-05-01T11:00:00+02:00"))
        == "Closed – opens 1 May 11:00"
    )
  }

  @Test func theSearchTableHasAnOpenColumnWhenAnyPlaceHasHours() async throws {
    let server = try GeoapifyFixtures.server()
    let client = try await Self.session(server)
    let result = try await client.send(SearchPlacesRequest(.init(category: .cafe, limit: 3)))
    let lines = HumanOutput(language: .nb, now: Self.now).search(result)
    let header = try #require(lines.first { $0.contains("Navn") })
    #expect(header.contains("Åpent"))
    #expect(lines.contains { $0.contains("Østbanen Kaffebar") && $0.contains("Åpen nå – stenger 21:00") })
    #expect(lines.contains { $0.contains("Bønne & Brød") && $0.contains("Stengt – åpner 08:00") })
    let hotels = try await client.send(SearchPlacesRequest(.init(category: .hotel, limit: 3)))
    let hotelHeader = HumanOutput(language: .nb, now: Self.now).search(hotels).first { $0.contains("Navn") }
    #expect(hotelHeader?.contains("Åpent") == false)
  }

  @Test func theDetailsViewShowsTheRawHoursAndTheStatus() async throws {
    let server = try GeoapifyFixtures.server()
    let client = try await Self.session(server)
    let result = try await client.send(PlaceDetailsRequest(id: GeoapifyFixtures.detailsRestaurantID))
    let lines = HumanOutput(language: .nn, now: Self.now).details(result)
    #expect(lines.contains { $0.hasPrefix("Opningstider:") && $0.hasSuffix("Mo off") })
    // Monday: closed (Mo off), opens Tuesday 16:00, within a day.
    #expect(lines.contains { $0.hasPrefix("Status:") && $0.hasSuffix("Stengt – opnar 16:00") })
  }
}
