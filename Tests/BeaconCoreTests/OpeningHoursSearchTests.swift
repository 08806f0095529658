import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Opening hours in the store and in searches: kept per place with its time zone, shown as `openNow` in every
/// summary, and `openNow: true` keeping only open places while `limit` still counts up to N of them.
@Suite struct OpeningHoursSearchTests {
  let directory = TemporaryDirectory()

  /// Monday 2026-03-23, 21:30 in Oslo (22:30 in Helsinki).
  static let mondayEvening = ISO8601DateFormatter().date(from: "2026-03-23T21:30:00+01:00") ?? .distantPast
  static let oslo = Coordinate.osloCentralStation

  static func place(
    _ id: String,
    metres: Double,
    category: PlaceCategory = .cafe,
    hours: String?,
    zone: String? = nil
  ) -> Place {
    Place(
      id: id,
      name: "Sted \(id)",
      category: category,
      location: Coordinate(lat: oslo.lat + metres / 111_195, lon: oslo.lon),
      openingHours: hours,
      timeZone: zone,
      source: "test"
    )
  }

  /// Cafés from near to far: a closed, b open round the clock, c without hours, d open until 22:00, e the same
  /// hours but in Helsinki, where it is already 22:30; one restaurant, closed.
  static func seededStore() async throws -> Store {
    let store = try Store.open(path: ":memory:")
    try await store.upsert([
      place("a", metres: 100, hours: "Mo-Fr 08:00-16:00"),
      place("b", metres: 200, hours: "24/7"),
      place("c", metres: 300, hours: nil),
      place("d", metres: 400, hours: "Mo-Su 10:00-22:00", zone: "Europe/Oslo"),
      place("e", metres: 500, hours: "Mo-Su 10:00-22:00", zone: "Europe/Helsinki"),
      place("r", metres: 150, category: .restaurant, hours: "Mo-Fr 11:00-14:00"),
    ])
    return store
  }

  static func service(_ store: Store, at date: Date = mondayEvening) -> PlacesService {
    let server = URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/")
    let client = GeoapifyClient(baseURL: server, apiKey: nil, transport: URLSessionTransport())
    return PlacesService(store: store, client: client, offline: true, now: { date })
  }

  @Test func placesWithoutAZoneAreReadInTheConfiguredDefaultZone() async throws {
    // 21:30 in Oslo is 15:30 in New York: "Mo-Su 10:00-22:00" without a zone of its own is open there until
    // 22:00 New York time, while a place that names Europe/Oslo keeps its own zone.
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    let store = try Store.open(path: ":memory:", defaultTimeZone: newYork)
    try await store.upsert([
      Self.place("x", metres: 100, hours: "Mo-Su 10:00-20:00"),
      Self.place("y", metres: 200, hours: "Mo-Su 10:00-20:00", zone: "Europe/Oslo"),
    ])
    let result = try await Self.service(store).search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000)
    )
    #expect(result.places.map(\.openNow) == [true, false])
    #expect(result.places.first?.closesAt?.description == "2026-03-23T20:00:00-04:00")
    let details = try await Self.service(store).details(id: "x")
    #expect(details.place.openingHours?.openNow == true)
  }

  @Test func everySummarySaysWhetherThePlaceIsOpenInItsOwnTimeZone() async throws {
    let store = try await Self.seededStore()
    let result = try await Self.service(store).search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000)
    )
    #expect(result.places.map(\.id) == ["a", "b", "c", "d", "e"])
    #expect(result.places.map(\.openNow) == [false, true, nil, true, false])
    #expect(result.places[0].opensAt?.description == "2026-03-24T08:00:00+01:00")
    #expect(result.places[3].closesAt?.description == "2026-03-23T22:00:00+01:00")
    #expect(result.places[4].opensAt?.description == "2026-03-24T10:00:00+02:00")
  }

  @Test func openNowKeepsOnlyOpenPlacesAndLimitCountsThem() async throws {
    let store = try await Self.seededStore()
    let service = Self.service(store)
    let open = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, openNow: true)
    )
    #expect(open.places.map(\.id) == ["b", "d"])
    // The nearest place is closed: `limit: 1` is still one open place, not zero.
    let one = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, limit: 1, openNow: true)
    )
    #expect(one.places.map(\.id) == ["b"])
    // An hour later d has closed too.
    let later = try await Self.service(store, at: Self.mondayEvening.addingTimeInterval(3_600)).search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, openNow: true)
    )
    #expect(later.places.map(\.id) == ["b"])
  }

  @Test func whenNothingFoundIsOpenTheMessageSaysSo() async throws {
    let store = try await Self.seededStore()
    let result = try await Self.service(store).search(
      PlaceSearch(center: Self.oslo, category: .restaurant, radiusMeters: 1_000, language: .en, openNow: true)
    )
    #expect(result.places.isEmpty)
    #expect(result.message == "None of the places found are open now")
  }

  @Test func favouritesCanBeLimitedToOpenOnes() async throws {
    let store = try await Self.seededStore()
    for id in ["a", "b", "d", "e"] { _ = try await store.addFavorite(placeId: id) }
    let all = try await store.favorites(PlaceQuery(center: Self.oslo), at: Self.mondayEvening)
    #expect(all.map(\.id) == ["a", "b", "d", "e"])
    let open = try await store.favorites(PlaceQuery(center: Self.oslo, openNow: true), at: Self.mondayEvening)
    #expect(open.map(\.id) == ["b", "d"])
    let scoped = try await Self.service(store).search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, scope: .favorites, openNow: true)
    )
    #expect(scoped.places.map(\.id) == ["b", "d"])
  }

  @Test func detailsEvaluateTheHoursAtTheServicesClock() async throws {
    let store = try await Self.seededStore()
    let details = try await Self.service(store).details(id: "d")
    let hours = try #require(details.place.openingHours)
    #expect(hours.raw == "Mo-Su 10:00-22:00")
    #expect(hours.openNow == true)
    #expect(hours.closesAt?.description == "2026-03-23T22:00:00+01:00")
    #expect(hours.weekly?.count == 7)
    #expect(hours.weekly?.first?.date == CivilDate(year: 2026, month: 3, day: 23))
    #expect(details.place.timeZone == "Europe/Oslo")
  }

  @Test func upsertKeepsKnownHoursAndZoneWhenALaterAnswerLacksThem() async throws {
    let store = try await Self.seededStore()
    try await store.upsert([Self.place("d", metres: 400, hours: nil, zone: nil)])
    let place = try #require(try await store.place(id: "d"))
    #expect(place.openingHours == "Mo-Su 10:00-22:00")
    #expect(place.timeZone == "Europe/Oslo")
    try await store.upsert([Self.place("d", metres: 400, hours: "Sa 10:00-14:00", zone: "Europe/Helsinki")])
    #expect(try await store.place(id: "d")?.openingHours == "Sa 10:00-14:00")
    #expect(try await store.place(id: "d")?.timeZone == "Europe/Helsinki")
  }

  @Test func theDemoDataIsReadInHelsinkiTime() async throws {
    let store = try Store.open(path: ":memory:")
    try await store.loadDemoDataIfNeeded()
    // Théhuone: Mo-Fr 10:00-19:00; Sa 10:00-18:00. 17:30 UTC is 19:30 in Helsinki, 18:30 in Oslo.
    let place = try #require(try await store.place(id: "osm:node/1007416273"))
    #expect(place.timeZone == "Europe/Helsinki")
    let at = ISO8601DateFormatter().date(from: "2026-03-25T17:30:00Z") ?? .distantPast
    let summary = try #require(try await store.summaries(of: [place], center: nil, at: at).first)
    #expect(summary.openNow == false)
    #expect(summary.opensAt?.description == "2026-03-26T10:00:00+02:00")
  }

  @Test func theMigrationFillsHoursAndZonesFromTheKeptDetails() async throws {
    let path = directory.file("v4.sqlite")
    _ = try Store.open(path: path, upTo: 4)
    do {
      let database = try Database(path: path)
      let insert = """
        INSERT INTO place (id, name, category, latitude, longitude, details, source, fetched_at)
        VALUES (?, ?, 'cafe', 59.91, 10.75, ?, ?, 0)
        """
      let geoapify = #"{"properties":{"opening_hours":"Mo-Fr 09:00-17:00","timezone":{"name":"Europe/Oslo"}}}"#
      let osm = #"{"properties":{"datasource":{"raw":{"opening_hours":"24/7"}}}}"#
      try database.run(insert, ["g", "Geoapify", geoapify, "geoapify"])
      try database.run(insert, ["o", "Demo", osm, "osm-demo"])
      try database.run(insert, ["x", "Odd", #"{"properties":{"opening_hours":42}}"#, "test"])
      try database.run(insert, ["n", "Bare", nil as String?, "test"])
      try database.run(insert, ["j", "Broken", "{not json", "test"])
    }
    let store = try Store.open(path: path)
    #expect(try await store.place(id: "g")?.openingHours == "Mo-Fr 09:00-17:00")
    #expect(try await store.place(id: "g")?.timeZone == "Europe/Oslo")
    #expect(try await store.place(id: "o")?.openingHours == "24/7")
    #expect(try await store.place(id: "o")?.timeZone == "Europe/Helsinki")
    #expect(try await store.place(id: "x")?.openingHours == nil)
    #expect(try await store.place(id: "n")?.openingHours == nil)
    #expect(try await store.place(id: "j")?.openingHours == nil)
    #expect(try await store.integrityCheck() == "ok")
  }
}

/// A live search with `openNow`: Geoapify is asked for more candidates, and only open ones come back.
@Suite struct OpeningHoursLiveSearchTests {
  @Test func liveResultsAreFilteredAfterDecodingAndMoreCandidatesAreFetched() async throws {
    let server = try GeoapifyFixtures.server()
    let store = try Store.open(path: ":memory:")
    // Monday 2026-03-23, 19:00 in Oslo.
    let now = ISO8601DateFormatter().date(from: "2026-03-23T19:00:00+01:00") ?? .distantPast
    let client = GeoapifyClient(baseURL: server.baseURL, apiKey: APIKey("k"), transport: URLSessionTransport())
    let service = PlacesService(store: store, client: client, now: { now })
    let search = PlaceSearch(center: .osloCentralStation, category: .cafe, radiusMeters: 5_000, limit: 2)
    let all = try await service.search(search)
    #expect(all.places.map(\.name) == ["Østbanen Kaffebar", "Skippergata"])
    #expect(all.places.map(\.openNow) == [true, nil])
    var openOnly = search
    openOnly.openNow = true
    let open = try await service.search(openOnly)
    // Bønne & Brød (closed at 18:00) and the nameless café (no hours) are left out.
    #expect(open.places.map(\.name) == ["Østbanen Kaffebar", "Café Youngstorget"])
    #expect(open.places.allSatisfy { $0.openNow == true })
    #expect(server.requests.filter { $0.path == "/v2/places" }.map { $0.queryItems["limit"] } == ["2", "20"])
    #expect(PlacesService.openNowCandidates(limit: 10) == 50)
    #expect(PlacesService.openNowCandidates(limit: 100) == 100)
  }
}
